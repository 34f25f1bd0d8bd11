/**
 * /admin/groups: the groups of the organisations, gathered from the users' group memberships (the API has no
 * group list call yet), with how many users each has.
 */
import { Alert } from '@mantine/core';
import { USER_LIST_MAX_PAGE_SIZE } from '@larmor/contracts/constants';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { useUsers } from '../api/list-users.ts';
import { initialUsersQuery } from '../components/users-list-state.ts';

interface GroupRow {
  id: string;
  name: string;
  members: number;
}

const columns: Column<GroupRow>[] = [
  { key: 'name', header: 'Group', render: (g) => g.name },
  { key: 'members', header: 'Members', render: (g) => g.members },
];

export function GroupsPage() {
  const users = useUsers({ ...initialUsersQuery, per_page: USER_LIST_MAX_PAGE_SIZE });
  const groups = new Map<string, GroupRow>();
  for (const user of users.data?.items ?? []) {
    for (const group of user.groups) {
      const row = groups.get(group.id) ?? { id: group.id, name: group.name, members: 0 };
      row.members += 1;
      groups.set(group.id, row);
    }
  }
  const rows = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <PageFrame title="Groups">
      {users.error !== null && (
        <Alert color="red" role="alert">
          {users.error.message}
        </Alert>
      )}
      <DataTable columns={columns} rows={rows} rowKey={(g) => g.id} />
    </PageFrame>
  );
}
