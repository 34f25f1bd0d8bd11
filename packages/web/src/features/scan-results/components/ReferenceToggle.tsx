/**
 * For a teacher or administrator looking at their own scan result: mark it as the module's reference scan (the
 * one their organisation's students' scan results are compared with), or unmark it.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { ScanResult } from '@larmor/contracts/attempts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { primaryRole } from '#lib/roles.ts';
import { useSession } from '#lib/session.ts';
import { useModuleReference, useSetModuleReference } from '#entities/scan-results/api/module-reference.ts';

export function ReferenceToggle(props: { result: ScanResult }) {
  const { result } = props;
  const current = useSession();
  const role = primaryRole(current.scope);
  const staff = role === 'Teacher' || role === 'Admin';
  const own = current.profile?.id === result.userId;
  // Asked only when the action can show (students are refused the reference until they submit).
  const reference = useModuleReference(result.labId, staff && own);
  const set = useSetModuleReference(result.labId);
  if (!staff || !own || !reference.data) return null;
  const isReference = reference.data.reference?.scanResultId === result.id;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text size="sm">
          {isReference
            ? 'This is the module’s reference scan.'
            : 'Students’ scan results of this module can be compared with this one.'}
        </Text>
        <ActionButton
          size="xs"
          variant={isReference ? 'default' : 'filled'}
          loading={set.isPending}
          onClick={() =>
            set.mutate(isReference ? null : result.id, {
              onSuccess: () =>
                toast.success(isReference ? 'Reference scan removed' : 'Marked as the reference scan'),
            })
          }
        >
          {isReference ? 'Unmark as the module’s reference' : 'Mark as the module’s reference'}
        </ActionButton>
      </Group>
      <ErrorAlert error={set.error} />
    </Stack>
  );
}
