/**
 * The Student Module Page, /courses/:courseId/modules/:labId/moduleAttempts/:labAttemptId (platform-shell.md §2):
 * the student's attempt with its state chip, the submission form while in progress, then the automatic
 * feedback at once, the submitted series in the shared viewer, and the grade with the teacher's drawings on the
 * images once released. Once submitted, a new attempt is offered at once while the module allows more (issue
 * 20.1): the grade and its release stay with each attempt. The page says how many attempts are left. `latest` as
 * the attempt id opens the newest attempt on the module, or offers to start the first, saying whether the student
 * has scanned already (the module page links there).
 */
import { useEffect } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import {
  useAttempt,
  useLab,
  useOwnAttempts,
  useOwnScans,
  useStartAttempt,
} from '#entities/attempt/api/attempts.ts';
import { AttemptHeadline } from '../components/AttemptHeadline.tsx';
import { FeedbackList } from '../components/FeedbackList.tsx';
import { GradePanel } from '../components/GradePanel.tsx';
import { SubmissionForm } from '../components/SubmissionForm.tsx';
import { SubmittedSeries } from '../components/SubmittedSeries.tsx';
import { attemptsLeftLabel, nextAttempt, notStartedMessage } from '../components/next-attempt.ts';
import { isEditable } from '../components/submission.ts';

export const LATEST_ATTEMPT = 'latest';

export function StudentAttemptPage() {
  const { courseId = '', labId = '', labAttemptId = '' } = useParams();
  const navigate = useNavigate();
  const latest = labAttemptId === LATEST_ATTEMPT;
  const lab = useLab(labId);
  const own = useOwnAttempts(labId, true);
  const attempt = useAttempt(labAttemptId, !latest);
  const start = useStartAttempt(labId);
  const base = `/courses/${courseId}/modules/${labId}/moduleAttempts`;
  const newest = own.data?.[0];
  const notStarted = latest && own.data?.length === 0;
  // Scans made before the first attempt are what it submits: the page says so rather than "not started".
  const scans = useOwnScans(labId, notStarted);
  const attemptsLeft = lab.data?.attemptsLeft;
  const left = attemptsLeft !== undefined && <Text>{attemptsLeftLabel(attemptsLeft)}</Text>;

  useEffect(() => {
    if (latest && newest !== undefined) void navigate(`${base}/${newest.id}`, { replace: true });
  }, [latest, newest, base, navigate]);

  const startAttempt = (): void =>
    start.mutate(undefined, { onSuccess: (a) => void navigate(`${base}/${a.id}`) });
  const title = lab.data ? `${lab.data.title}: your attempt` : 'Your attempt';

  if (latest) {
    return (
      <PageFrame title={title}>
        <ErrorAlert error={lab.error ?? own.error ?? start.error} />
        {notStarted && scans.data !== undefined && (
          <Stack gap="sm" align="flex-start">
            <Text>{notStartedMessage(scans.data.scans.length)}</Text>
            {left}
            <ActionButton loading={start.isPending} onClick={startAttempt}>
              Start attempt
            </ActionButton>
          </Stack>
        )}
      </PageFrame>
    );
  }
  const a = attempt.data;
  const titles = new Map((lab.data?.objectiveSummaries ?? []).map((o) => [o.id, o.title]));
  const next = a && attemptsLeft !== undefined ? nextAttempt(a, own.data ?? [], attemptsLeft) : undefined;
  return (
    <PageFrame title={title}>
      <Anchor component={Link} to={`/courses/${courseId}/modules/${labId}`}>
        Back to the module
      </Anchor>
      <ErrorAlert error={lab.error ?? attempt.error ?? start.error} />
      {a && (
        <Stack gap="lg">
          <AttemptHeadline attempt={a}>
            {a.submittedAt !== null && (
              <Text size="sm">Submitted {new Date(a.submittedAt).toLocaleString()}</Text>
            )}
          </AttemptHeadline>
          {left}
          {isEditable(a.state) && lab.data && (
            <SubmissionForm
              attempt={a}
              objectives={lab.data.objectiveSummaries}
              readingOnly={lab.data.readingOnly}
            />
          )}
          {a.feedback !== null && (
            <Stack gap="sm">
              <Title order={2} size="h3">
                Automatic feedback
              </Title>
              <FeedbackList checks={a.feedback} titles={titles} showPoints={a.grade !== null} />
            </Stack>
          )}
          {/* Try again at once: the feedback above is all a new attempt waits for (issue 20.1). */}
          {next?.kind === 'start' && (
            <ActionButton w="fit-content" loading={start.isPending} onClick={startAttempt}>
              Start a new attempt
            </ActionButton>
          )}
          {next?.kind === 'continue' && (
            <Anchor component={Link} to={`${base}/${next.id}`}>
              Continue attempt {next.number} (in progress)
            </Anchor>
          )}
          {next?.kind === 'usedUp' && <Text>You have used every attempt this module allows.</Text>}
          {!isEditable(a.state) && (
            <Stack gap="sm">
              <Title order={2} size="h3">
                Your submitted series
              </Title>
              <SubmittedSeries
                scanResultIds={a.scanResultIds}
                linkOf={(id) => `/scan-results/${id}`}
                criterionTitle={(id) =>
                  a.grade?.criteria.find((c) => c.id === id)?.title ?? titles.get(id) ?? id
                }
                annotations={a.grade?.annotations ?? []}
              />
            </Stack>
          )}
          {!isEditable(a.state) && (
            <Stack gap="sm">
              <Title order={2} size="h3">
                Grade
              </Title>
              <GradePanel attempt={a} />
            </Stack>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
