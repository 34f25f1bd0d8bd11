/**
 * /admin/users: the users list (50 a page, sortable columns, name search, 'No data' when empty), with create,
 * import and bulk update of the selected users.
 */
import { useReducer, useState } from 'react';
import { Anchor, Badge, Checkbox, Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { ROLES, type Role } from '@larmor/contracts/roles';
import type { AdminUser, UserOrderColumn } from '@larmor/contracts/users';
import { ActionButton } from '#ui/ActionButton.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import { toast } from '#ui/toast.ts';
import { useBulkUpdateUsers } from '#entities/user/api/bulk-update-users.ts';
import { useUsers } from '#entities/user/api/list-users.ts';
import { ImportUsersDialog } from '../components/ImportUsersDialog.tsx';
import { UserFormDialog } from '../components/UserFormDialog.tsx';
import {
  allSelected,
  initialUsersQuery,
  pageCount,
  toggleAll,
  toggleSelection,
  usersQueryReducer,
} from '../components/users-list-state.ts';

const STATUS_COLORS: Record<AdminUser['status'], string> = {
  active: 'teal',
  pending: 'yellow',
  deactivated: 'gray',
};

/** The bulk bar's two account switches, deactivate first. */
const ACTIVATION_ACTIONS = [
  { label: 'Deactivate', active: false },
  { label: 'Activate', active: true },
] as const;

function BulkBar(props: { ids: string[]; onDone: () => void }) {
  const bulk = useBulkUpdateUsers();
  const [role, setRole] = useState<Role | null>(null);
  const apply = (changes: { role?: Role; active?: boolean }): void =>
    bulk.mutate(
      { ids: props.ids, changes },
      {
        onSuccess: () => {
          toast.success(`Updated ${props.ids.length} user${props.ids.length === 1 ? '' : 's'}`);
          props.onDone();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <Group
      gap="sm"
      p="sm"
      bg="var(--mantine-primary-color-light)"
      style={{ borderRadius: 8 }}
      aria-label="Bulk update"
    >
      <Text size="sm" fw={600}>
        {props.ids.length} selected
      </Text>
      <Select
        aria-label="New role"
        placeholder={SELECT_DEFAULTS.placeholder}
        data={[...ROLES]}
        value={role}
        onChange={(v) => setRole(v as Role | null)}
        w={160}
        comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
      />
      <ActionButton
        size="xs"
        disabled={role === null}
        loading={bulk.isPending}
        onClick={() => role !== null && apply({ role })}
      >
        Set role
      </ActionButton>
      {ACTIVATION_ACTIONS.map(({ label, active }) => (
        <ActionButton
          key={label}
          size="xs"
          variant="default"
          loading={bulk.isPending}
          onClick={() => apply({ active })}
        >
          {label}
        </ActionButton>
      ))}
    </Group>
  );
}

export function UsersPage() {
  const [query, dispatch] = useReducer(usersQueryReducer, initialUsersQuery);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const effective = { ...query, name: debounced };
  if (debounced !== query.name) dispatch({ type: 'search', name: debounced });
  const users = useUsers(effective);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const rows = users.data?.items ?? [];
  const pageIds = rows.map((u) => u.id);

  const columns: Column<AdminUser>[] = [
    {
      key: 'select',
      header: '',
      render: (u) => (
        <Checkbox
          aria-label={`Select ${u.username}`}
          checked={selected.has(u.id)}
          onChange={() => setSelected((s) => toggleSelection(s, u.id))}
        />
      ),
    },
    {
      key: 'username',
      header: 'Username',
      sortable: true,
      render: (u) => (
        <Anchor component={Link} to={`/admin/users/${u.id}`}>
          {u.username}
        </Anchor>
      ),
    },
    { key: 'first_name', header: 'First name', sortable: true, render: (u) => u.firstName },
    { key: 'last_name', header: 'Last name', sortable: true, render: (u) => u.lastName },
    { key: 'email', header: 'E-mail', sortable: true, render: (u) => u.email },
    { key: 'role', header: 'Role', sortable: true, render: (u) => u.role },
    {
      key: 'status',
      header: 'Status',
      render: (u) => (
        <Badge variant="light" color={STATUS_COLORS[u.status]}>
          {u.status}
        </Badge>
      ),
    },
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      render: (u) => new Date(u.createdAt).toLocaleDateString(),
    },
  ];

  return (
    <PageFrame
      title="Users"
      actions={
        <Group gap="sm">
          <ActionButton variant="default" onClick={() => setDialog('import')}>
            Import users
          </ActionButton>
          <ActionButton onClick={() => setDialog('create')}>Create user</ActionButton>
        </Group>
      }
    >
      <Group justify="space-between">
        <TextInput
          aria-label="Search by name"
          name="name"
          placeholder="Search by name"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
        <Checkbox
          label="Select all on this page"
          checked={allSelected(selected, pageIds)}
          onChange={() => setSelected((s) => toggleAll(s, pageIds))}
        />
      </Group>
      {selected.size > 0 && <BulkBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
      <ErrorAlert error={users.error} />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(u) => u.id}
        sort={{ by: query.order_by, dir: query.order_dir }}
        onSort={(s) => dispatch({ type: 'sort', by: s.by as UserOrderColumn })}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {users.data?.total ?? 0} users
        </Text>
        <Pagination
          total={pageCount(users.data?.total ?? 0, query.per_page)}
          value={query.page}
          onChange={(page) => dispatch({ type: 'page', page })}
        />
      </Group>
      <UserFormDialog opened={dialog === 'create'} onClose={() => setDialog(null)} />
      <ImportUsersDialog opened={dialog === 'import'} onClose={() => setDialog(null)} />
    </PageFrame>
  );
}
