/**
 * The forced terms dialog (platform-shell.md §2, §4): 500 px, 'Yes, I accept' calls the API and refreshes the
 * profile; 'No, I do not accept' clears caches, logs out and returns to /.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { TERMS_MODAL_WIDTH_PX } from '@larmor/contracts/constants';
import { config } from '#lib/config.ts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { useAcceptTerms } from '#entities/account/api/accept-terms.ts';
import { logout } from '#entities/account/api/logout.ts';

export function TermsDialog(props: { opened: boolean }) {
  const accept = useAcceptTerms();
  const navigate = useNavigate();
  const decline = async (): Promise<void> => {
    await logout();
    void navigate('/', { replace: true });
  };
  return (
    <Dialog opened={props.opened} forced title="Terms and policies" widthPx={TERMS_MODAL_WIDTH_PX}>
      <Stack gap="md">
        <Text>
          Before you continue, please read and accept our{' '}
          <Anchor href={config.legalUrl} target="_blank" rel="noreferrer">
            terms of use and privacy policy
          </Anchor>
          .
        </Text>
        <ErrorAlert error={accept.error} />
        <Group justify="flex-end">
          <ActionButton variant="default" onClick={() => void decline()} disabled={accept.isPending}>
            No, I do not accept
          </ActionButton>
          <ActionButton onClick={() => accept.mutate()} loading={accept.isPending}>
            Yes, I accept
          </ActionButton>
        </Group>
      </Stack>
    </Dialog>
  );
}
