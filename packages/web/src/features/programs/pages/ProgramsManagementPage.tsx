/**
 * Program management: /programs-management (new UI, Manage Programs) and /courses-management (old UI, Manage
 * Courses) list the programs the caller may edit; admins' /client-courses-management and
 * /global-courses-management list organisation and global programs. A new program starts as a draft. A published
 * program the caller may not edit (a global one assigned to their organisation) opens for reading (issue 21.5).
 */
import { useState } from 'react';
import { Anchor, Badge, Group, Pagination, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { USER_LIST_DEFAULT_PAGE_SIZE } from '@larmor/contracts/constants';
import type { ProgramStatus, ProgramSummary } from '@larmor/contracts/programs';
import { ActionButton } from '#ui/ActionButton.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { useCreateProgram } from '#entities/program/api/create-program.ts';
import { usePrograms } from '#entities/program/api/list-programs.ts';
import { Loading } from '../components/PageStates.tsx';
import { BADGE_COLORS } from '../components/badge-colors.ts';

const NEW_PROGRAM_DIALOG_WIDTH_PX = 560;
const STATUS_COLORS: Record<ProgramStatus, string> = {
  draft: BADGE_COLORS.neutral,
  published: BADGE_COLORS.success,
  archived: BADGE_COLORS.muted,
};

function NewProgramDialog(props: { opened: boolean; onClose: () => void; global: boolean }) {
  const create = useCreateProgram();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const submit = (): void => {
    create.mutate(
      { title: title.trim(), summary: summary.trim(), ...(props.global ? { global: true } : {}) },
      { onSuccess: (program) => void navigate(`/programs/edit/${program.id}`) },
    );
  };
  return (
    <Dialog
      opened={props.opened}
      onClose={props.onClose}
      title="New program"
      widthPx={NEW_PROGRAM_DIALOG_WIDTH_PX}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          <Textarea label="Summary" value={summary} onChange={(e) => setSummary(e.currentTarget.value)} />
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <ActionButton type="submit" loading={create.isPending} disabled={title.trim() === ''}>
              Create program
            </ActionButton>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

function ProgramsManagement(props: { title: string; owner?: 'client' | 'global' }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const programs = usePrograms({
    page,
    per_page: USER_LIST_DEFAULT_PAGE_SIZE,
    search,
    ...(props.owner === undefined ? {} : { owner: props.owner }),
  });
  const columns: Column<ProgramSummary>[] = [
    {
      key: 'title',
      header: 'Program',
      render: (p) =>
        p.canEdit ? (
          <Anchor component={Link} to={`/programs/edit/${p.id}`}>
            {p.title}
          </Anchor>
        ) : p.status === 'published' ? (
          // A global program assigned to the organisation: its teachers read it (and copy modules to adapt).
          <Group gap={6}>
            <Anchor component={Link} to={`/browse/${p.id}`}>
              {p.title}
            </Anchor>
            <Badge color={BADGE_COLORS.neutral}>read only</Badge>
          </Group>
        ) : (
          p.title
        ),
    },
    { key: 'owner', header: 'Organisation', render: (p) => (p.global ? 'Global' : (p.clientName ?? '')) },
    {
      key: 'status',
      header: 'Status',
      render: (p) => <Badge color={STATUS_COLORS[p.status]}>{p.status}</Badge>,
    },
    { key: 'courses', header: 'Courses', render: (p) => p.courseCount },
    { key: 'modules', header: 'Modules', render: (p) => p.moduleCount },
    { key: 'enrolled', header: 'Enrolled', render: (p) => p.enrolledCount },
  ];
  const total = programs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USER_LIST_DEFAULT_PAGE_SIZE));
  return (
    <PageFrame
      title={props.title}
      actions={<ActionButton onClick={() => setCreating(true)}>New program</ActionButton>}
    >
      <TextInput
        label="Search programs"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        w={320}
      />
      <ErrorAlert error={programs.error} />
      {programs.isPending ? (
        <Loading label="Loading programs" />
      ) : (
        <DataTable
          columns={columns}
          rows={programs.data?.items ?? []}
          rowKey={(p) => p.id}
          caption={`${total} programs`}
        />
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm">
            Page {page} of {pages}
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
      {creating && (
        <NewProgramDialog opened onClose={() => setCreating(false)} global={props.owner === 'global'} />
      )}
    </PageFrame>
  );
}

export function ProgramsManagementPage() {
  return <ProgramsManagement title="Manage Programs" />;
}

export function CoursesManagementPage() {
  return <ProgramsManagement title="Manage Courses" />;
}

export function ClientCoursesManagementPage() {
  return <ProgramsManagement title="Client Courses" owner="client" />;
}

export function GlobalCoursesManagementPage() {
  return <ProgramsManagement title="Global Courses" owner="global" />;
}
