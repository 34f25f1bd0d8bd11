/**
 * /programs/edit/:programId/enrollment-page: how users join (open enrolment or by invitation), what the
 * enrolment page (/program/:programId) tells them, who is enrolled, enrolling users found by name, and (admins)
 * enrolling whole groups.
 */
import { useState } from 'react';
import { Anchor, Group, MultiSelect, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Enrollment, EnrollmentMode, Program } from '@larmor/contracts/programs';
import { primaryRole } from '#lib/roles.ts';
import { useSession } from '#lib/session.ts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import { toast } from '#ui/toast.ts';
import { useEnroll } from '#entities/program/api/enroll.ts';
import { useProgram } from '#entities/program/api/get-program.ts';
import { useAllGroups } from '#entities/group/api/list-groups.ts';
import { useEnrollments } from '#entities/program/api/list-enrollments.ts';
import { useRemoveEnrollment } from '#entities/program/api/remove-enrollment.ts';
import { useUpdateProgram } from '#entities/program/api/update-program.ts';
import { EnrolUsers } from '../components/EnrolUsers.tsx';
import { dateLabel } from '../components/learning-paths.ts';
import { Loading } from '../components/PageStates.tsx';

function EnrollmentForm(props: { program: Program }) {
  const update = useUpdateProgram(props.program.id);
  const [mode, setMode] = useState<EnrollmentMode>(props.program.enrollment);
  const [summary, setSummary] = useState(props.program.summary);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { enrollment: mode, summary: summary.trim() },
          { onSuccess: () => toast.success('Enrollment page saved') },
        );
      }}
    >
      <Stack maw={720}>
        <Radio.Group
          label="Who may enrol"
          value={mode}
          onChange={(value) => setMode(value === 'open' ? 'open' : 'invitation')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="open" label="Open: anyone who sees the program may enrol themself" />
            <Radio
              value="invitation"
              label="By invitation: teachers and admins enrol users, groups and cohorts"
            />
          </Stack>
        </Radio.Group>
        <Textarea
          label="Summary shown on the enrollment page"
          value={summary}
          onChange={(e) => setSummary(e.currentTarget.value)}
        />
        <Text size="sm">{props.program.enrolledCount} users enrolled.</Text>
        <ErrorAlert error={update.error} />
        <Group>
          <ActionButton type="submit" loading={update.isPending}>
            Save enrollment page
          </ActionButton>
          <Anchor component={Link} to={`/program/${props.program.id}`}>
            Preview the enrollment page
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/** Admins enrol whole groups (their members now); the groups call is theirs only. */
function EnrolGroups(props: { programId: string }) {
  const groups = useAllGroups(true);
  const enroll = useEnroll(props.programId);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  return (
    <Group align="flex-end">
      <MultiSelect
        label="Enrol groups"
        placeholder={SELECT_DEFAULTS.placeholder}
        nothingFoundMessage={SELECT_DEFAULTS.noOptions}
        data={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.memberCount})` }))}
        value={groupIds}
        onChange={setGroupIds}
        searchable
        comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
        w={420}
      />
      <ActionButton
        loading={enroll.isPending}
        disabled={groupIds.length === 0}
        onClick={() =>
          enroll.mutate(
            { groupIds },
            {
              onSuccess: (result) => {
                setGroupIds([]);
                toast.success(`${result.added} users enrolled`);
              },
              onError: (error) => toast.error(error.message),
            },
          )
        }
      >
        Enrol
      </ActionButton>
    </Group>
  );
}

function EnrolledUsers(props: { programId: string }) {
  const { scope } = useSession();
  const enrollments = useEnrollments(props.programId);
  const remove = useRemoveEnrollment(props.programId);
  const columns: Column<Enrollment>[] = [
    { key: 'name', header: 'Name', render: (e) => `${e.firstName} ${e.lastName}` },
    { key: 'username', header: 'Username', render: (e) => e.username },
    { key: 'enrolledAt', header: 'Enrolled', render: (e) => dateLabel(e.enrolledAt) },
    {
      key: 'actions',
      header: 'Actions',
      render: (e) => (
        <ActionButton
          size="xs"
          variant="default"
          aria-label={`Remove ${e.username}`}
          loading={remove.isPending && remove.variables === e.userId}
          onClick={() => remove.mutate(e.userId, { onError: (error) => toast.error(error.message) })}
        >
          Remove
        </ActionButton>
      ),
    },
  ];
  return (
    <Stack component="section" aria-labelledby="enrolled-heading">
      <Title order={2} size="h4" id="enrolled-heading">
        Enrolled users
      </Title>
      {primaryRole(scope) === 'Admin' && <EnrolGroups programId={props.programId} />}
      <ErrorAlert error={enrollments.error} />
      {enrollments.isPending ? (
        <Loading label="Loading enrolled users" />
      ) : (
        <DataTable columns={columns} rows={enrollments.data ?? []} rowKey={(e) => e.userId} />
      )}
    </Stack>
  );
}

export function EnrollmentPageEditor() {
  const { programId = '' } = useParams();
  const program = useProgram(programId);
  if (program.isPending) return <Loading label="Loading the program" />;
  return (
    <PageFrame title="Enrollment Page">
      <ErrorAlert error={program.error} />
      {program.data !== undefined && <EnrollmentForm key={program.data.updatedAt} program={program.data} />}
      {program.data !== undefined && <EnrolledUsers programId={program.data.id} />}
      {program.data !== undefined && <EnrolUsers programId={program.data.id} />}
    </PageFrame>
  );
}
