import type { FormEvent, ReactNode } from 'react';
import { Group } from '@mantine/core';
import { ActionButton } from './ActionButton.tsx';
import { Dialog } from './Dialog.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { Form } from './Form.tsx';

/**
 * The dialog that adds a record or changes one (a user, an LTI platform, a sign-in provider): the failed request's
 * alert, the record's fields (`children`), then Cancel and the button that submits.
 */
export function RecordFormDialog(props: {
  opened: boolean;
  title: string;
  widthPx: number;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The create or update request's failure, if any. */
  error: Error | null;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog opened={props.opened} title={props.title} widthPx={props.widthPx} onClose={props.onClose}>
      <Form onSubmit={props.onSubmit}>
        <ErrorAlert error={props.error} />
        {props.children}
        <Group justify="flex-end">
          <ActionButton variant="default" onClick={props.onClose}>
            Cancel
          </ActionButton>
          <ActionButton type="submit" loading={props.submitting}>
            {props.submitLabel}
          </ActionButton>
        </Group>
      </Form>
    </Dialog>
  );
}
