/**
 * "Keep as module reference" in the simulator (issue 21.2): a teacher or administrator who marks the module's
 * reference (the server says so: `canMark`) keeps the finished scan shown in the viewport as the reference the
 * module's objectives are checked against and students compare their submitted scans with. Replacing an existing
 * reference asks first. Students never see it (their role is not asked about the reference at all).
 */
import { memo, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { ActionButton } from '#ui/ActionButton.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { holdsAnyPermission } from '#lib/roles.ts';
import { useSession } from '#lib/session.ts';
import { useKeepAsReference, useModuleReference } from '#entities/scan-results/api/module-reference.ts';

export const KEEP_AS_REFERENCE = 'Keep as module reference';
export const REFERENCE_SAVED = 'Reference saved';
const DIALOG_WIDTH_PX = 440;

export interface KeepAsReferenceProps {
  labId: string;
  /** The finished scan shown in the viewport; nothing to keep without one. */
  scanId: string | undefined;
  /** How the scan is named on screen, e.g. "T2 TSE". */
  scanName: string | undefined;
}

/** Memoised (issue 20, "Speed"): the simulator page renders again when a save refreshes the session; this does not. */
export const KeepAsReference = memo(function KeepAsReference(props: KeepAsReferenceProps) {
  const staff = holdsAnyPermission(useSession().scope, ['Teacher', 'Admin']);
  const answer = useModuleReference(props.labId, staff);
  const keep = useKeepAsReference(props.labId);
  const [confirming, setConfirming] = useState(false);
  if (!staff || answer.data?.canMark !== true || props.scanId === undefined) return null;
  const scanId = props.scanId;
  const existing = answer.data.reference;
  const save = () =>
    keep.mutate(scanId, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(REFERENCE_SAVED);
      },
    });
  const name = props.scanName === undefined ? 'the scan shown' : `“${props.scanName}”`;
  return (
    <Stack gap={4} m="xs">
      <ActionButton
        size="xs"
        variant="default"
        loading={keep.isPending && !confirming}
        onClick={() => (existing === null ? save() : setConfirming(true))}
      >
        {KEEP_AS_REFERENCE}
      </ActionButton>
      {!confirming && <ErrorAlert error={keep.error} />}
      {confirming && (
        <Dialog
          opened
          title="Replace the module’s reference?"
          widthPx={DIALOG_WIDTH_PX}
          onClose={() => setConfirming(false)}
        >
          <Stack>
            <Text>
              The module already has a reference scan (marked{' '}
              {existing ? new Date(existing.setAt).toLocaleString() : ''}). Keep {name} instead? The
              objectives are then checked against it, and students compare their submitted scans with it.
            </Text>
            <ErrorAlert error={keep.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
                Cancel
              </Button>
              <ActionButton loading={keep.isPending} onClick={save}>
                Replace the reference
              </ActionButton>
            </Group>
          </Stack>
        </Dialog>
      )}
    </Stack>
  );
});
