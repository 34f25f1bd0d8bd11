import { useState, type ReactNode } from 'react';
import { Group, Stack, TextInput } from '@mantine/core';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { MarkdownEditor } from './MarkdownEditor.tsx';

/** What the details form saves: the title trimmed, the Markdown description as typed. */
export interface TitledDetails {
  title: string;
  description: string;
}

/**
 * The details form of a program or a course, starting from `initial`: its Title (required: Save waits for one),
 * the page's further fields (`children`), the Markdown Description, the save's failure and the Save button.
 */
export function TitledDetailsForm(props: {
  initial: TitledDetails;
  /** The program whose images the description may show. */
  programId: string;
  onSave: (details: TitledDetails) => void;
  /** The save request: whether it is under way, and its failure. */
  save: { isPending: boolean; error: Error | null };
  saveLabel: string;
  children?: ReactNode;
}) {
  const [title, setTitle] = useState(props.initial.title);
  const [description, setDescription] = useState(props.initial.description);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave({ title: title.trim(), description });
      }}
    >
      <Stack>
        <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        {props.children}
        <MarkdownEditor
          label="Description"
          value={description}
          onChange={setDescription}
          programId={props.programId}
        />
        <ErrorAlert error={props.save.error} />
        <Group>
          <ActionButton type="submit" loading={props.save.isPending} disabled={title.trim() === ''}>
            {props.saveLabel}
          </ActionButton>
        </Group>
      </Stack>
    </form>
  );
}
