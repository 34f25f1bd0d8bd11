/**
 * /students (teachers and admins): the students of the organisation the caller acts in, 20 a page, sortable,
 * searched by name or e-mail, filtered by course, inactive accounts left out on request (simulator.md §7).
 */
import { useReducer, useState } from 'react';
import { Anchor, Badge, Checkbox, Group, MultiSelect, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import type { StudentSummary } from '@larmor/contracts/students';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { useClientCourses } from '#entities/student/api/list-client-courses.ts';
import { useMeStudent } from '#entities/student/api/get-me-student.ts';
import { useStudents, type StudentsQuery } from '#entities/student/api/list-students.ts';
import {
  initialStudentsQuery,
  studentsPageCount,
  studentsQueryReducer,
} from '../components/students-query.ts';

const columns: Column<StudentSummary>[] = [
  {
    key: 'last_name',
    header: 'Name',
    sortable: true,
    render: (s) => (
      <Anchor component={Link} to={`/students/${s.id}`}>
        {s.lastName}, {s.firstName}
      </Anchor>
    ),
  },
  { key: 'username', header: 'Username', sortable: true, render: (s) => s.username },
  { key: 'email', header: 'E-mail', sortable: true, render: (s) => s.email },
  { key: 'cohorts', header: 'Cohorts', render: (s) => s.cohorts.map((c) => c.name).join(', ') },
  {
    key: 'status',
    header: 'Status',
    render: (s) => (
      <Badge variant="light" color={s.active ? 'teal' : 'gray'}>
        {s.active ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
  {
    key: 'created_at',
    header: 'Joined',
    sortable: true,
    render: (s) => new Date(s.createdAt).toLocaleDateString(),
  },
];

export function StudentsPage() {
  const me = useMeStudent();
  const groupId = me.data?.activeClientId ?? null;
  const [query, dispatch] = useReducer(studentsQueryReducer, initialStudentsQuery);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  if (debounced !== query.search_term) dispatch({ type: 'search', term: debounced });
  const students = useStudents(groupId, query);
  const courses = useClientCourses(groupId, query.includeArchived);
  const total = students.data?.total ?? 0;

  if (me.data && groupId === null) {
    return (
      <PageFrame title="Students">
        <EmptyState
          title="Switch to an organisation to see its students"
          description="Students belong to an organisation: choose it in the workspace switcher of your user menu."
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Students">
      <Group align="end" gap="md" wrap="wrap">
        <TextInput
          label="Search"
          name="search_term"
          placeholder="Name, username or e-mail"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
        <MultiSelect
          label="Courses"
          placeholder={query.courseIds.length === 0 ? 'All courses' : undefined}
          data={(courses.data?.courses ?? []).map((c) => ({
            value: c.courseId,
            label: `${c.programTitle} › ${c.title}${c.archived ? ' (archived)' : ''}`,
          }))}
          value={query.courseIds}
          onChange={(courseIds) => dispatch({ type: 'courses', courseIds })}
          searchable
          clearable
          w={360}
        />
        <Checkbox
          label="Without inactive users"
          checked={query.without_inactive_users}
          onChange={(e) => dispatch({ type: 'withoutInactive', value: e.currentTarget.checked })}
        />
        <Checkbox
          label="Include archived courses"
          checked={query.includeArchived}
          onChange={(e) => dispatch({ type: 'includeArchived', value: e.currentTarget.checked })}
        />
      </Group>
      <ErrorAlert error={me.error ?? students.error ?? courses.error} />
      <DataTable
        caption="Students of your organisation"
        columns={columns}
        rows={students.data?.items ?? []}
        rowKey={(s) => s.id}
        sort={{ by: query.order_by, dir: query.order_dir }}
        onSort={(s) => dispatch({ type: 'sort', by: s.by as StudentsQuery['order_by'] })}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {total} {total === 1 ? 'student' : 'students'}
        </Text>
        <Pagination
          total={studentsPageCount(total, query.per_page)}
          value={query.page}
          onChange={(page) => dispatch({ type: 'page', page })}
        />
      </Group>
    </PageFrame>
  );
}
