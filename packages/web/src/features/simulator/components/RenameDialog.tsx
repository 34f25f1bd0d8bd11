/** Renames a pulse sequence (PATCH name); the name is required and at most PULSE_SEQUENCE_NAME_MAX_LENGTH long. */
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { PULSE_SEQUENCE_NAME_MAX_LENGTH } from '@larmor/contracts/sessions';
import { Dialog } from '#ui/Dialog.tsx';

export function RenameDialog(props: { name: string; onSave: (name: string) => void; onClose: () => void }) {
  const [name, setName] = useState(props.name);
  const trimmed = name.trim();
  const error = trimmed === '' ? 'This field is required' : undefined;
  return (
    <Dialog opened title="Rename sequence" widthPx={420} onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (error === undefined) props.onSave(trimmed);
        }}
      >
        <TextInput
          label="Name"
          value={name}
          maxLength={PULSE_SEQUENCE_NAME_MAX_LENGTH}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={error !== undefined}>
            Save
          </Button>
        </Group>
      </form>
    </Dialog>
  );
}
