/** /admin/users/:id: a user's details, with edit, activate/deactivate and delete. */
import { useState } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { AdminUser } from '@larmor/contracts/users';
import { ActionButton } from '#ui/ActionButton.tsx';
import { DetailsTable } from '#ui/DetailsTable.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { toast } from '#ui/toast.ts';
import { useDeleteUser } from '#entities/user/api/delete-user.ts';
import { useUser } from '#entities/user/api/get-user.ts';
import { useUpdateUser } from '#entities/user/api/update-user.ts';
import { UserFormDialog } from '../components/UserFormDialog.tsx';

const CONFIRM_DIALOG_WIDTH_PX = 420;

function Details(props: { user: AdminUser }) {
  const u = props.user;
  const rows: Array<[string, string]> = [
    ['Username', u.username],
    ['Name', `${u.firstName} ${u.lastName}`],
    ['E-mail', u.email],
    ['Role', u.role],
    ['Status', u.status],
    ['Terms accepted', u.termsAck ? 'Yes' : 'No'],
    ['Must change password', u.firstLogin ? 'Yes' : 'No'],
    ['Organisations', u.memberships.map((m) => `${m.clientName} (${m.role})`).join(', ') || '—'],
    ['Groups', u.groups.map((g) => g.name).join(', ') || '—'],
    ['Created', new Date(u.createdAt).toLocaleString()],
  ];
  return <DetailsTable rows={rows} labelWidth={220} maw={720} />;
}

export function UserDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useUser(id);
  const update = useUpdateUser(id);
  const remove = useDeleteUser();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const data = user.data;
  return (
    <PageFrame
      title="Details"
      actions={
        data !== undefined && (
          <Group gap="sm">
            <ActionButton
              variant="default"
              loading={update.isPending}
              onClick={() =>
                update.mutate({ active: !data.active }, { onError: (e) => toast.error(e.message) })
              }
            >
              {data.active ? 'Deactivate' : 'Activate'}
            </ActionButton>
            <ActionButton variant="default" onClick={() => setDialog('edit')}>
              Edit
            </ActionButton>
            <ActionButton color="red" onClick={() => setDialog('delete')}>
              Delete
            </ActionButton>
          </Group>
        )
      }
    >
      {user.isPending && <Loader aria-label="Loading user" />}
      <ErrorAlert error={user.error} />
      {data !== undefined && <Details user={data} />}
      {data !== undefined && dialog === 'edit' && (
        <UserFormDialog opened user={data} onClose={() => setDialog(null)} />
      )}
      <Dialog
        opened={dialog === 'delete'}
        title="Delete user"
        widthPx={CONFIRM_DIALOG_WIDTH_PX}
        onClose={() => setDialog(null)}
      >
        <Text mb="md">Delete {data?.username}? This cannot be undone.</Text>
        <ErrorAlert error={remove.error} mb="md" />
        <Group justify="flex-end">
          <ActionButton variant="default" onClick={() => setDialog(null)}>
            Cancel
          </ActionButton>
          <ActionButton
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(id, {
                onSuccess: () => {
                  toast.success('User deleted');
                  void navigate('/admin/users', { replace: true });
                },
              })
            }
          >
            Delete
          </ActionButton>
        </Group>
      </Dialog>
    </PageFrame>
  );
}
