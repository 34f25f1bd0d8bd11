/**
 * The teacher's rubric: each criterion's points (prefilled from the automatic checks; a change is an override,
 * audited by the server), a comment per criterion and one for the attempt; save as a draft (in marking) or as
 * the grade, then release it to the student. An automatic grade released at once (issue 27.4) is said so, and
 * a grade saved over it is released again.
 */
import { useState } from 'react';
import { Group, NumberInput, Stack, Table, Text, Textarea } from '@mantine/core';
import {
  GRADE_COMMENT_MAX_LENGTH,
  RUBRIC_POINTS_STEP,
  type AttemptGrade,
  type LabAttempt,
} from '@larmor/contracts/attempts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { useGradeAttempt, useReleaseAttempt } from '#entities/attempt/api/attempts.ts';
import { releasedAutomatically } from './submission.ts';
import {
  gradeBody,
  pointsError,
  rubricOf,
  rubricValid,
  scoreCriterion,
  totalOf,
  type RubricRow,
} from './rubric.ts';

export function RubricForm(props: {
  attempt: LabAttempt;
  titles: ReadonlyMap<string, string>;
  /** The feedback drawings to save with the grade; the grade's own when absent. */
  annotations?: AttemptGrade['annotations'];
}) {
  const { attempt } = props;
  const [rows, setRows] = useState<RubricRow[]>(() => rubricOf(attempt, props.titles));
  const [comment, setComment] = useState(attempt.grade?.comment ?? '');
  const grade = useGradeAttempt(attempt.id);
  const release = useReleaseAttempt(attempt.id);
  const total = totalOf(rows);
  const valid = rubricValid(rows);
  const save = (final: boolean): void =>
    grade.mutate(gradeBody(rows, comment, props.annotations ?? attempt.grade?.annotations ?? [], final), {
      onSuccess: () => toast.success(final ? 'Grade saved' : 'Draft saved'),
    });
  const setComment_ = (id: string, text: string): void =>
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, comment: text } : r)));

  return (
    <Stack gap="sm">
      {releasedAutomatically(attempt) && (
        <Text role="status">
          Graded automatically and released when the student submitted (this module releases the automatic
          grade at once). To regrade, save a grade, then release it: the student and their learning platform
          get the new score.
        </Text>
      )}
      <Table withTableBorder>
        <Table.Caption>Rubric</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Criterion</Table.Th>
            <Table.Th>Automatic</Table.Th>
            <Table.Th>Points</Table.Th>
            <Table.Th>Comment</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.title}</Table.Td>
              <Table.Td>
                {r.automaticPoints === null ? '—' : `${r.automaticPoints} / ${r.maxPoints}`}
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Points for ${r.title} (of ${r.maxPoints})`}
                  value={r.points}
                  min={0}
                  max={r.maxPoints}
                  step={RUBRIC_POINTS_STEP}
                  // Out-of-range points are an error to correct, never silently brought within range.
                  clampBehavior="none"
                  w={150}
                  error={pointsError(r)}
                  onChange={(v) => setRows((rs) => scoreCriterion(rs, r.id, v))}
                />
              </Table.Td>
              <Table.Td>
                <Textarea
                  aria-label={`Comment on ${r.title}`}
                  value={r.comment}
                  autosize
                  minRows={1}
                  onChange={(e) => setComment_(r.id, e.currentTarget.value)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fw={600}>
        Total: {total.score} / {total.maxScore}
      </Text>
      {!valid && (
        <Text size="sm" fw={600} role="status">
          Correct the points marked above to save the grade.
        </Text>
      )}
      <Textarea
        label="Comment to the student"
        value={comment}
        maxLength={GRADE_COMMENT_MAX_LENGTH}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={3}
      />
      <ErrorAlert error={grade.error ?? release.error} />
      <Group gap="sm">
        <ActionButton
          variant="default"
          loading={grade.isPending}
          disabled={!valid}
          onClick={() => save(false)}
        >
          Save draft
        </ActionButton>
        <ActionButton loading={grade.isPending} disabled={!valid} onClick={() => save(true)}>
          Save grade
        </ActionButton>
        <ActionButton
          variant="outline"
          loading={release.isPending}
          disabled={attempt.state !== 'graded' && attempt.state !== 'submitted'}
          onClick={() => release.mutate(undefined, { onSuccess: () => toast.success('Grade released') })}
        >
          Release to the student
        </ActionButton>
      </Group>
    </Stack>
  );
}
