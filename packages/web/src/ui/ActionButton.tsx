/**
 * A button with a loading state (spinner, disabled, optional loading label) and a disabled state
 * (platform-shell.md §4).
 */
import type { ReactNode } from 'react';
import { Button, Loader, type ButtonProps } from '@mantine/core';

export interface ActionButtonProps extends Omit<ButtonProps, 'loading'> {
  loading?: boolean;
  /** Label while loading, e.g. 'Changing password...'. */
  loadingLabel?: string;
  type?: 'button' | 'submit' | 'reset';
  onClick?: () => void;
  children: ReactNode;
  'data-testid'?: string;
}

export function ActionButton(props: ActionButtonProps) {
  const { loading = false, loadingLabel, disabled, children, ...rest } = props;
  return (
    <Button
      {...rest}
      disabled={disabled === true || loading}
      aria-busy={loading || undefined}
      leftSection={loading ? <Loader size={14} color="currentColor" aria-hidden /> : rest.leftSection}
    >
      {loading && loadingLabel !== undefined ? loadingLabel : children}
    </Button>
  );
}
