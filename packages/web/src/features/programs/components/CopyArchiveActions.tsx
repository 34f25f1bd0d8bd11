/**
 * Copy and Archive/Restore buttons of a course or module editor: Copy opens the copy's editor (`copyPath`); errors
 * (e.g. 409) come back as toasts.
 */
import { Group } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ActionButton } from '#ui/ActionButton.tsx';
import { toast } from '#ui/toast.ts';

export function CopyArchiveActions(props: {
  what: 'course' | 'module';
  archived: boolean;
  /** The copy request (its body: copy in place). */
  copy: { isPending: boolean; mutateAsync: (body: Record<string, never>) => Promise<{ id: string }> };
  /** The archive request (its body: archived or not). */
  archive: { isPending: boolean; mutateAsync: (archived: boolean) => Promise<unknown> };
  /** The editor of the copy that `id` names. */
  copyPath: (id: string) => string;
}) {
  const navigate = useNavigate();
  const copy = async (): Promise<void> => {
    const created = await props.copy.mutateAsync({});
    await navigate(props.copyPath(created.id));
  };
  const fail = (error: unknown): void => {
    toast.error(error instanceof Error ? error.message : String(error));
  };
  return (
    <Group gap="sm">
      <ActionButton variant="default" loading={props.copy.isPending} onClick={() => void copy().catch(fail)}>
        Copy {props.what}
      </ActionButton>
      <ActionButton
        variant="default"
        loading={props.archive.isPending}
        onClick={() =>
          void props.archive
            .mutateAsync(!props.archived)
            .then(() =>
              toast.success(
                props.archived ? `The ${props.what} is restored` : `The ${props.what} is archived`,
              ),
            )
            .catch(fail)
        }
      >
        {props.archived ? `Restore ${props.what}` : `Archive ${props.what}`}
      </ActionButton>
    </Group>
  );
}
