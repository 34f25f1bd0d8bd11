/** /admin/groups: the organisations' groups with member and cohort counts (50 a page), and a new group form. */
import { useState } from 'react';
import { Group as Row, Pagination, Select, Text, TextInput } from '@mantine/core';
import { USER_LIST_DEFAULT_PAGE_SIZE } from '@larmor/contracts/constants';
import type { Group } from '@larmor/contracts/organisations';
import { ActionButton } from '#ui/ActionButton.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import { toast } from '#ui/toast.ts';
import { useCreateGroup } from '#entities/group/api/create-group.ts';
import { useClients } from '#entities/group/api/list-clients.ts';
import { useGroups } from '#entities/group/api/list-groups.ts';

function NewGroupForm(props: { clients: readonly { id: string; name: string }[] }) {
  const create = useCreateGroup();
  const [clientId, setClientId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const submit = (): void => {
    if (clientId === null || name.trim() === '') return;
    create.mutate(
      { clientId, name: name.trim() },
      {
        onSuccess: () => {
          setName('');
          toast.success('Group created');
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };
  return (
    <Row align="flex-end" gap="sm">
      <Select
        label="Organisation"
        name="clientId"
        placeholder={SELECT_DEFAULTS.placeholder}
        nothingFoundMessage={SELECT_DEFAULTS.noOptions}
        data={props.clients.map((c) => ({ value: c.id, label: c.name }))}
        value={clientId}
        onChange={setClientId}
        comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
        w={240}
      />
      <TextInput
        label="Group name"
        name="name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        w={240}
      />
      <ActionButton
        onClick={submit}
        loading={create.isPending}
        disabled={clientId === null || name.trim() === ''}
      >
        Add group
      </ActionButton>
    </Row>
  );
}

export function GroupsPage() {
  const [page, setPage] = useState(1);
  const groups = useGroups({ page, per_page: USER_LIST_DEFAULT_PAGE_SIZE });
  const clients = useClients();
  const clientName = new Map((clients.data?.items ?? []).map((c) => [c.id, c.name]));
  const columns: Column<Group>[] = [
    { key: 'name', header: 'Group', render: (g) => g.name },
    { key: 'client', header: 'Organisation', render: (g) => clientName.get(g.clientId) ?? '' },
    { key: 'members', header: 'Members', render: (g) => g.memberCount },
    { key: 'cohorts', header: 'Cohorts', render: (g) => g.cohortCount },
  ];
  const total = groups.data?.total ?? 0;
  return (
    <PageFrame title="Groups">
      <NewGroupForm clients={clients.data?.items ?? []} />
      <ErrorAlert error={groups.error} />
      <DataTable columns={columns} rows={groups.data?.items ?? []} rowKey={(g) => g.id} />
      <Row justify="space-between">
        <Text size="sm" c="dimmed">
          {total} groups
        </Text>
        <Pagination
          total={Math.max(1, Math.ceil(total / USER_LIST_DEFAULT_PAGE_SIZE))}
          value={page}
          onChange={setPage}
        />
      </Row>
    </PageFrame>
  );
}
