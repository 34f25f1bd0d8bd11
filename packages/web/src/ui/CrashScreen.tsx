/**
 * The crash screen (platform-shell.md §8): shown by the error boundary when rendering throws. The report is
 * open by default; the copy icon copies 'Error: <name> - <message>' plus the details.
 */
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { ActionIcon, Anchor, Collapse, Code, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { COPY_TOAST_DELAY_MS } from '@larmor/contracts/constants';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { session } from '../lib/session.ts';
import { toast } from './toast.ts';

/** The text the copy icon puts on the clipboard: 'Error: <name> - <message>', then the details. */
export function crashReportText(error: Error, details: string): string {
  return `Error: ${error.name} - ${error.message}\n${details}`;
}

/** The details of a crash report: the signed-in user's id (attached to error reports, §4), then the stack. */
export function crashDetails(componentStack: string, userId: unknown): string {
  const user = typeof userId === 'string' || typeof userId === 'number' ? `User: ${userId}\n` : '';
  return `${user}${componentStack.replace(/^\n+/, '')}`;
}

export function CrashScreen(props: { error: Error; componentStack: string }) {
  const [open, setOpen] = useState(true);
  const details = crashDetails(props.componentStack, session.get().claims?.uid);
  const copy = async (): Promise<void> => {
    await navigator.clipboard.writeText(crashReportText(props.error, details));
    toast.success(t('crash.copied'), { autoClose: COPY_TOAST_DELAY_MS });
  };
  return (
    <Paper role="alert" maw={760} mx="auto" my="xl" p="xl" withBorder>
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t('crash.title')}
        </Title>
        <Text>{t('crash.refresh')}</Text>
        <Text>
          If that does not help, <Anchor href="/">{t('crash.homeLink')}</Anchor>.
        </Text>
        <Text>
          Please e-mail the crash details below to{' '}
          <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>.
        </Text>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Anchor component="button" type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            Crash report
          </Anchor>
          <Tooltip label="Copy">
            <ActionIcon variant="subtle" aria-label="Copy crash report" onClick={() => void copy()}>
              <svg
                width="16"
                height="16"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <rect x="9" y="9" width="13" height="13" rx="2" />
                <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
              </svg>
            </ActionIcon>
          </Tooltip>
        </div>
        <Collapse expanded={open}>
          <Code block data-testid="crash-report">
            {`${props.error.name}: ${props.error.message}\n${details}`}
          </Code>
        </Collapse>
      </Stack>
    </Paper>
  );
}

interface BoundaryState {
  error: Error | null;
  componentStack: string;
}

/** Catches render errors below it and shows the crash screen instead of a blank page. */
export class CrashBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? '' });
  }

  override render(): ReactNode {
    if (this.state.error !== null) {
      return <CrashScreen error={this.state.error} componentStack={this.state.componentStack} />;
    }
    return this.props.children;
  }
}
