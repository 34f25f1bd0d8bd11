/**
 * The foot of a dialog that confirms one action (copy, set, delete…): the last failure as an alert, Cancel and
 * the action's button, busy from the click until the action fails (a dialog whose action succeeded closes).
 */
import { useState, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { ActionButton, type ActionButtonProps } from './ActionButton.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';

/** Any thrown value as an Error. */
export const asError = (thrown: unknown): Error =>
  thrown instanceof Error ? thrown : new Error(String(thrown));

/** A dialog's confirming action: whether it runs, and its failure (cleared by the next try). */
export function useConfirmAction(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (thrown: unknown) {
      setError(asError(thrown));
      setBusy(false);
    }
  };
  return { busy, error, run };
}

export function ConfirmFoot(props: {
  action: ReturnType<typeof useConfirmAction>;
  onCancel: () => void;
  /** The action's button: its label, and e.g. its colour, loading label or disabled state. */
  children: ReactNode;
  button?: Omit<ActionButtonProps, 'children' | 'loading' | 'onClick'>;
  /** Focus Cancel when the dialog opens (a destructive action). */
  cancelFirst?: boolean;
}) {
  return (
    <>
      <ErrorAlert error={props.action.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} data-autofocus={props.cancelFirst}>
          Cancel
        </Button>
        <ActionButton {...props.button} loading={props.action.busy} onClick={() => void props.action.run()}>
          {props.children}
        </ActionButton>
      </Group>
    </>
  );
}
