/**
 * The teacher's work on the dashboard (issue 21.4): submitted attempts awaiting grading across their courses,
 * oldest first, each one click from its grading page; counts per course; per module, the graded attempts not yet
 * released, released in one go; and the way to the cohort (Analytics, Students).
 */
import { Anchor, Badge, Group, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { MarkingQueue as Queue, MarkingQueueItem } from '@larmor/contracts/attempts';
import { isProduction } from '#lib/config.ts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { useMarkingQueue } from '#entities/program/api/get-marking-queue.ts';
import { useReleaseModule } from '#entities/program/api/release-module.ts';
import { BADGE_COLORS } from './badge-colors.ts';
import { Loading } from './PageStates.tsx';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string): string => DATE_TIME.format(new Date(iso));

/** The grading page of the student's attempt on the module. */
export const gradePath = (item: Pick<MarkingQueueItem, 'courseId' | 'labId' | 'studentId'>): string =>
  `/courses/${item.courseId}/modules/${item.labId}/students/${item.studentId}/grade`;

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const COLUMNS: Column<MarkingQueueItem>[] = [
  {
    key: 'student',
    header: 'Student',
    render: (i) => (
      <Anchor component={Link} to={gradePath(i)}>
        {i.studentName}
        <VisuallyHidden>
          : grade attempt {i.number} on {i.labTitle}
        </VisuallyHidden>
      </Anchor>
    ),
  },
  { key: 'module', header: 'Module', render: (i) => i.labTitle },
  { key: 'course', header: 'Course', render: (i) => i.courseTitle },
  {
    key: 'submitted',
    header: 'Submitted',
    render: (i) => <time dateTime={i.submittedAt}>{when(i.submittedAt)}</time>,
  },
  {
    key: 'due',
    header: 'Due',
    render: (i) => (
      <Group gap={6} wrap="nowrap">
        {i.dueAt === null ? 'No due date' : <time dateTime={i.dueAt}>{when(i.dueAt)}</time>}
        {i.late && <Badge color={BADGE_COLORS.late}>Late</Badge>}
      </Group>
    ),
  },
  { key: 'score', header: 'Automatic score', render: (i) => `${i.score} / ${i.maxScore}` },
  {
    key: 'state',
    header: 'State',
    render: (i) =>
      i.state === 'regradeRequested'
        ? 'Regrade asked'
        : i.state === 'inMarking'
          ? 'Draft saved'
          : 'Submitted',
  },
];

function ReleaseGraded(props: { modules: Queue['modules'] }) {
  const release = useReleaseModule();
  if (props.modules.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="release-heading" gap="xs">
      <Title order={3} size="h5" id="release-heading">
        Graded, not yet released
      </Title>
      <ErrorAlert error={release.error} />
      {props.modules.map((m) => (
        <Group key={m.labId} gap="sm">
          <Text>
            {m.labTitle}: {plural(m.graded, 'graded attempt', 'graded attempts')}
          </Text>
          <ActionButton
            variant="outline"
            size="xs"
            loading={release.isPending && release.variables === m.labId}
            aria-label={`Release grades of ${m.labTitle}`}
            onClick={() =>
              release.mutate(m.labId, {
                onSuccess: (r) => toast.success(`${plural(r.released, 'grade', 'grades')} released`),
              })
            }
          >
            Release grades
          </ActionButton>
        </Group>
      ))}
    </Stack>
  );
}

export function MarkingQueue() {
  const queue = useMarkingQueue(true);
  const data = queue.data;
  return (
    <Stack component="section" aria-labelledby="marking-heading" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4" id="marking-heading">
          Marking queue
        </Title>
        <Group gap="md">
          {!isProduction && (
            <Anchor component={Link} to="/analytics">
              Analytics
            </Anchor>
          )}
          <Anchor component={Link} to="/students">
            Students
          </Anchor>
        </Group>
      </Group>
      <ErrorAlert error={queue.error} />
      {queue.isPending && <Loading label="Loading the marking queue" />}
      {data !== undefined && (
        <>
          {data.courses.length > 0 && (
            <List aria-label="Work per course" spacing={2}>
              {data.courses.map((c) => (
                <List.Item key={c.courseId}>
                  {c.courseTitle} ({c.programTitle}): {c.awaiting} to mark
                  {c.graded > 0 && `, ${c.graded} graded to release`}
                </List.Item>
              ))}
            </List>
          )}
          {data.items.length === 0 ? (
            <Text>Nothing to mark: no submitted attempt is waiting for a grade.</Text>
          ) : (
            <DataTable
              columns={COLUMNS}
              rows={data.items}
              rowKey={(i) => i.attemptId}
              caption={`${plural(data.items.length, 'attempt', 'attempts')} awaiting grading, oldest first`}
            />
          )}
          <ReleaseGraded modules={data.modules} />
        </>
      )}
    </Stack>
  );
}
