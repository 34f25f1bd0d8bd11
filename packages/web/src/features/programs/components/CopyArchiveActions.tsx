/** Copy and Archive/Restore buttons of a course or module editor; errors (e.g. 409) come back as toasts. */
import { Group } from '@mantine/core';
import { ActionButton } from '#ui/ActionButton.tsx';
import { toast } from '#ui/toast.ts';

export function CopyArchiveActions(props: {
  what: 'course' | 'module';
  archived: boolean;
  copying: boolean;
  archiving: boolean;
  onCopy: () => Promise<unknown>;
  onArchive: (archived: boolean) => Promise<unknown>;
}) {
  const fail = (error: unknown): void => {
    toast.error(error instanceof Error ? error.message : String(error));
  };
  return (
    <Group gap="sm">
      <ActionButton variant="default" loading={props.copying} onClick={() => void props.onCopy().catch(fail)}>
        Copy {props.what}
      </ActionButton>
      <ActionButton
        variant="default"
        loading={props.archiving}
        onClick={() =>
          void props
            .onArchive(!props.archived)
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
