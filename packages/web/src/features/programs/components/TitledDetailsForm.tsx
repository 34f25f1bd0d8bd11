import type { ReactNode } from 'react';
import { Group, Stack, TextInput } from '@mantine/core';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { MarkdownEditor } from './MarkdownEditor.tsx';

/**
 * The details form of a program or a course: its Title (required: Save waits for one), the page's further fields
 * (`children`), the Markdown Description, the save's failure and the Save button (`saveLabel`).
 */
export function TitledDetailsForm(props: {
  title: string;
  onTitle: (title: string) => void;
  description: string;
  onDescription: (description: string) => void;
  /** The program whose images the description may show. */
  programId: string;
  onSave: () => void;
  saving: boolean;
  error: Error | null;
  saveLabel: string;
  children?: ReactNode;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave();
      }}
    >
      <Stack>
        <TextInput
          label="Title"
          required
          value={props.title}
          onChange={(e) => props.onTitle(e.currentTarget.value)}
        />
        {props.children}
        <MarkdownEditor
          label="Description"
          value={props.description}
          onChange={props.onDescription}
          programId={props.programId}
        />
        <ErrorAlert error={props.error} />
        <Group>
          <ActionButton type="submit" loading={props.saving} disabled={props.title.trim() === ''}>
            {props.saveLabel}
          </ActionButton>
        </Group>
      </Stack>
    </form>
  );
}
