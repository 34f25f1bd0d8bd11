/**
 * /students/:userId (teachers and admins): the student, their progress per course with each module's latest
 * attempt (state chip, score, late flag) and their scan results, each opening the scan result page.
 */
import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { CourseOverview } from '@larmor/contracts/students';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { useCoursesOverview, useStudent } from '#entities/student/api/get-student.ts';
import { AttemptStateChip } from '#ui/AttemptStateChip.tsx';
import { ScanResultList } from '../components/ScanResultList.tsx';

function CourseProgress(props: { course: CourseOverview; studentId: string }) {
  const { course } = props;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {course.programTitle} › {course.title} {course.archived && <Badge variant="outline">Archived</Badge>}
      </Title>
      {course.modules.length === 0 ? (
        <Text c="dimmed">No modules in this course yet.</Text>
      ) : (
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Module</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Submitted</Table.Th>
              <Table.Th>Score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {course.modules.map((m) => (
              <Table.Tr key={m.labId}>
                <Table.Td>
                  {m.latestAttemptId !== null && m.state !== 'inProgress' ? (
                    <Anchor
                      component={Link}
                      to={`/courses/${course.courseId}/modules/${m.labId}/students/${props.studentId}/grade`}
                    >
                      {m.title}
                    </Anchor>
                  ) : (
                    m.title
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <AttemptStateChip state={m.state} />
                    {m.late && (
                      <Badge variant="outline" color="orange">
                        Late
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{m.attempts}</Table.Td>
                <Table.Td>{m.submittedAt ? new Date(m.submittedAt).toLocaleString() : '—'}</Table.Td>
                <Table.Td>{m.score !== null ? `${m.score} / ${m.maxScore ?? 0}` : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function StudentDetailsPage() {
  const { userId = '' } = useParams();
  const student = useStudent(userId);
  const overview = useCoursesOverview(userId);
  const s = student.data;
  return (
    <PageFrame title={s ? `${s.firstName} ${s.lastName}` : 'Student Details'}>
      <ErrorAlert error={student.error ?? overview.error} />
      {s && (
        <Group gap="lg">
          <Text>
            <Text span fw={600}>
              Username:
            </Text>{' '}
            {s.username}
          </Text>
          <Text>
            <Text span fw={600}>
              E-mail:
            </Text>{' '}
            {s.email}
          </Text>
          <Text>
            <Text span fw={600}>
              Cohorts:
            </Text>{' '}
            {s.cohorts.length > 0 ? s.cohorts.map((c) => c.name).join(', ') : 'none'}
          </Text>
          <Badge variant="light" color={s.active ? 'teal' : 'gray'}>
            {s.active ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
      )}
      <Title order={2} size="h3">
        Courses
      </Title>
      {overview.data?.courses.length === 0 && (
        <EmptyState
          title="Not enrolled in any course yet"
          description="Enrol the student in a program from its enrolment page."
        />
      )}
      {overview.data?.courses.map((course) => (
        <CourseProgress key={course.courseId} course={course} studentId={userId} />
      ))}
      <Title order={2} size="h3">
        Scan results
      </Title>
      {s && (
        <ScanResultList results={s.scanResults} hrefOf={(id) => `/students/${userId}/scan-results/${id}`} />
      )}
    </PageFrame>
  );
}
