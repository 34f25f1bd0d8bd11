/** App-wide providers: theme (Mantine), the query client, i18n, the toast area and the modal root. */
import type { ReactNode } from 'react';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MODAL_BACKDROP_TRANSITION_MS, MODAL_TRANSITION_MS } from '@larmor/contracts/constants';

export const theme = createTheme({
  primaryColor: 'indigo',
  // System fonts only: nothing is loaded from the internet.
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Modal: {
      defaultProps: {
        transitionProps: { duration: MODAL_TRANSITION_MS },
        overlayProps: { transitionProps: { duration: MODAL_BACKDROP_TRANSITION_MS } },
      },
    },
  },
});

export function Providers(props: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={props.queryClient}>
        <Notifications position="top-right" zIndex={4000} />
        {props.children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
