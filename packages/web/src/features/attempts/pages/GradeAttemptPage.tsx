/**
 * The Grade Module Page, /courses/:courseId/modules/:labId/students/:studentId/grade (teachers): the student's
 * newest submitted attempt with its state chip, the student's answers, the automatic results, the submitted
 * series in the shared viewer with the feedback drawn on them (arrows and regions tied to rubric criteria), the
 * rubric prefilled from the automatic results, comments, the audited overrides, release, the grade's return to
 * the learning platforms the student came from (LTI, issue 27.4), and the attempt's replay (a timeline of what the
 * student did in the simulator).
 */
import { objectiveTitle } from '@larmor/contracts/objectives';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { useAttempt, useLab, useStaffAttempts } from '#entities/attempt/api/attempts.ts';
import { AttemptTimeline } from '../components/AttemptTimeline.tsx';
import { AttemptHeadline } from '../components/AttemptHeadline.tsx';
import { FeedbackList } from '../components/FeedbackList.tsx';
import { GradeReturns } from '../components/GradeReturns.tsx';
import { gradeReturnPollMs } from '../components/grade-returns.ts';
import { GradeWorkspace } from '../components/GradeWorkspace.tsx';
import { attemptToGrade } from '../components/rubric.ts';

export function GradeAttemptPage() {
  const { labId = '', studentId = '' } = useParams();
  const lab = useLab(labId);
  const attempts = useStaffAttempts(labId);
  const chosen = attempts.data ? attemptToGrade(attempts.data, studentId) : undefined;
  // The attempt itself (GET v1/attempts/{id}) carries the audit log of score changes; the list does not.
  const detail = useAttempt(chosen?.id ?? '', chosen !== undefined, (held) =>
    gradeReturnPollMs(held?.gradeReturns, Date.now()),
  );
  const attempt = detail.data;
  const titles = new Map((lab.data?.objectives ?? []).map((o) => [o.id, objectiveTitle(o)]));
  return (
    <PageFrame title={lab.data ? `Grade: ${lab.data.title}` : 'Grade Module Page'}>
      <Anchor component={Link} to={`/students/${studentId}`}>
        Back to the student
      </Anchor>
      <ErrorAlert error={lab.error ?? attempts.error ?? detail.error} />
      {attempts.data && chosen === undefined && (
        <EmptyState
          title="Nothing to grade yet"
          description="The student has not submitted an attempt on this module."
        />
      )}
      {attempt && (
        <Stack gap="lg" key={`${attempt.id}-${attempt.grade?.gradedAt ?? ''}`}>
          <AttemptHeadline attempt={attempt}>
            {attempt.regradeReason !== null && <Text size="sm">Regrade asked: {attempt.regradeReason}</Text>}
          </AttemptHeadline>
          {Object.keys(attempt.answers).length > 0 && (
            <Stack gap={4}>
              <Title order={2} size="h3">
                Answers
              </Title>
              {Object.entries(attempt.answers).map(([id, text]) => (
                <Text key={id} style={{ whiteSpace: 'pre-wrap' }}>
                  <Text span fw={600}>
                    {id}:
                  </Text>{' '}
                  {text}
                </Text>
              ))}
            </Stack>
          )}
          <Stack gap="sm">
            <Title order={2} size="h3">
              Automatic results
            </Title>
            <FeedbackList checks={attempt.grade?.checks ?? []} titles={titles} showPoints />
          </Stack>
          <GradeWorkspace attempt={attempt} studentId={studentId} titles={titles} />
          <GradeReturns attemptId={attempt.id} returns={attempt.gradeReturns ?? []} />
          {(attempt.grade?.overrides.length ?? 0) > 0 && (
            <Stack gap={4}>
              <Title order={2} size="h3">
                Score changes
              </Title>
              <List>
                {attempt.grade?.overrides.map((o, i) => (
                  <List.Item key={i}>
                    {titles.get(o.criterionId) ?? o.criterionId}: {o.fromPoints ?? '—'} → {o.toPoints} (
                    {new Date(o.at).toLocaleString()})
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          <AttemptTimeline attemptId={attempt.id} />
        </Stack>
      )}
    </PageFrame>
  );
}
