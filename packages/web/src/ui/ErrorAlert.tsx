/** A failed request's message in a red alert that screen readers announce (role="alert"); nothing without one. */
import { Alert, type AlertProps } from '@mantine/core';

export interface ErrorAlertProps extends Pick<AlertProps, 'mb'> {
  error: Error | null;
  /** The text shown for the error; its message by default. */
  describe?: (error: Error) => string;
}

export function ErrorAlert({ error, describe, ...alert }: ErrorAlertProps) {
  if (error === null) return null;
  return (
    <Alert color="red" role="alert" {...alert}>
      {describe === undefined ? error.message : describe(error)}
    </Alert>
  );
}
