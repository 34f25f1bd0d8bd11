/** App-wide providers: theme (Mantine), the query client, i18n, the toast area and the modal root. */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from './theme.ts';
import { storeColorSchemeManager } from '../lib/color-scheme-manager.ts';
import { useForcedColorScheme } from '../lib/forced-color-scheme.ts';

export { theme } from './theme.ts';

/** The chosen scheme, kept where the page may keep it (a cross-site frame keeps it in memory). */
const colorSchemeManager = storeColorSchemeManager();

export function Providers(props: { queryClient: QueryClient; children: ReactNode }) {
  // The simulator (and later the viewers) impose their own scheme while shown; elsewhere the system's applies.
  const forced = useForcedColorScheme();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      {...(forced === undefined ? {} : { forceColorScheme: forced })}
    >
      <QueryClientProvider client={props.queryClient}>
        <Notifications position="top-right" zIndex={4000} />
        {props.children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
