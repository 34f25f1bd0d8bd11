/**
 * Enrolling individual users (teachers and admins): a search over the users of the caller's organisation
 * (GET v1/programs/{programId}/enrollment-candidates), one Enrol button per user not enrolled yet.
 */
import { useState } from 'react';
import { Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { EnrollmentCandidate } from '@larmor/contracts/programs';
import { ActionButton } from '#ui/ActionButton.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { useEnroll } from '#entities/program/api/enroll.ts';
import {
  CANDIDATES_PER_PAGE,
  useEnrollmentCandidates,
} from '#entities/program/api/list-enrollment-candidates.ts';

/** Milliseconds the search waits after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

export function EnrolUsers(props: { programId: string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState({ search: '', page: 1 });
  // A new search starts on its first page.
  const currentPage = page.search === debounced ? page.page : 1;
  const candidates = useEnrollmentCandidates(props.programId, debounced, currentPage);
  const enroll = useEnroll(props.programId);
  const columns: Column<EnrollmentCandidate>[] = [
    { key: 'name', header: 'Name', render: (c) => `${c.firstName} ${c.lastName}` },
    { key: 'username', header: 'Username', render: (c) => c.username },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) =>
        c.enrolled ? (
          <Text size="sm">Enrolled</Text>
        ) : (
          <ActionButton
            size="xs"
            aria-label={`Enrol ${c.username}`}
            loading={enroll.isPending && enroll.variables.userIds?.includes(c.userId) === true}
            onClick={() =>
              enroll.mutate(
                { userIds: [c.userId] },
                {
                  onSuccess: () => toast.success(`${c.username} enrolled`),
                  onError: (error) => toast.error(error.message),
                },
              )
            }
          >
            Enrol
          </ActionButton>
        ),
    },
  ];
  const total = candidates.data?.total ?? 0;
  return (
    <Stack component="section" aria-labelledby="enrol-users-heading">
      <Title order={2} size="h4" id="enrol-users-heading">
        Enrol users
      </Title>
      <TextInput
        label="Find users of your organisation"
        description="By username, first or last name"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      <ErrorAlert error={candidates.error} />
      <DataTable
        columns={columns}
        rows={candidates.data?.items ?? []}
        rowKey={(c) => c.userId}
        caption="Users you may enrol"
      />
      <Group justify="space-between">
        <Text size="sm">{total} users found</Text>
        <Pagination
          total={Math.max(1, Math.ceil(total / CANDIDATES_PER_PAGE))}
          value={currentPage}
          onChange={(p) => setPage({ search: debounced, page: p })}
        />
      </Group>
    </Stack>
  );
}
