/**
 * The program's status and its Publish / Unpublish button. When a module's objectives fail its own reference
 * scan the server refuses (409 asking for `overrideReason`, issue 21.2): a dialog says which and why, and
 * publishes anyway only with the author's reason, which the server keeps.
 */
import { useState } from 'react';
import { Badge, Group, Stack, Text, Textarea } from '@mantine/core';
import { PUBLISH_OVERRIDE_REASON_MAX_LENGTH, type Program } from '@larmor/contracts/programs';
import { ApiError } from '#lib/api-error.ts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { toast } from '#ui/toast.ts';
import { usePublishProgram } from '#entities/program/api/publish-program.ts';
import { BADGE_COLORS } from './badge-colors.ts';

/** Width of the override dialog [CSS px] (platform-shell.md §9: 500 px dialogs). */
const DIALOG_WIDTH_PX = 500;

/** The server's refusal to publish over failing reference checks, if `error` is one. */
function overrideNeeded(error: unknown): string | null {
  return error instanceof ApiError &&
    error.status === 409 &&
    error.validation?.['overrideReason'] === 'required'
    ? error.message
    : null;
}

export function PublishControl(props: { program: Program }) {
  const publish = usePublishProgram(props.program.id);
  const published = props.program.status === 'published';
  const [blocked, setBlocked] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reasonError = reason.trim() === '' ? 'A reason is required to publish anyway' : undefined;
  const run = (overrideReason?: string) =>
    publish.mutate(
      overrideReason === undefined ? { published: !published } : { published: true, overrideReason },
      {
        onSuccess: () => {
          setBlocked(null);
          toast.success(published ? 'Program back to draft' : 'Program published');
        },
        onError: (error) => {
          const message = overrideNeeded(error);
          if (message !== null) setBlocked(message);
          else toast.error(error.message);
        },
      },
    );
  return (
    <Group gap="sm">
      <Badge size="lg" color={published ? BADGE_COLORS.success : BADGE_COLORS.neutral}>
        {props.program.status}
      </Badge>
      <ActionButton
        variant={published ? 'default' : 'filled'}
        loading={publish.isPending && blocked === null}
        onClick={() => run()}
      >
        {published ? 'Unpublish' : 'Publish'}
      </ActionButton>
      <Dialog
        opened={blocked !== null}
        title="Your objectives fail your own reference"
        widthPx={DIALOG_WIDTH_PX}
        onClose={() => setBlocked(null)}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (reasonError === undefined) run(reason.trim());
          }}
        >
          <Stack>
            <Text>{blocked}</Text>
            <Textarea
              label="Why publish anyway?"
              description="Kept with your name, for whoever reviews the program."
              withAsterisk
              autosize
              minRows={2}
              maxLength={PUBLISH_OVERRIDE_REASON_MAX_LENGTH}
              value={reason}
              error={touched ? reasonError : undefined}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <ActionButton variant="default" onClick={() => setBlocked(null)}>
                Cancel
              </ActionButton>
              <ActionButton type="submit" color="red" loading={publish.isPending}>
                Publish anyway
              </ActionButton>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Group>
  );
}
