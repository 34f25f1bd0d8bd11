/**
 * The grade page's working area: the submitted series with the teacher's feedback drawings (held here, in the
 * drawing reducer) and the rubric form that saves them with the grade.
 */
import { useReducer } from 'react';
import { Stack, Title } from '@mantine/core';
import type { LabAttempt } from '@larmor/contracts/attempts';
import { drawingReducer, initialDrawing } from './drawing.ts';
import { RubricForm } from './RubricForm.tsx';
import { SubmittedSeries } from './SubmittedSeries.tsx';

export function GradeWorkspace(props: {
  attempt: LabAttempt;
  studentId: string;
  titles: ReadonlyMap<string, string>;
}) {
  const { attempt, titles } = props;
  const criteria = (attempt.grade?.criteria ?? []).map((c) => ({
    id: c.id,
    title: c.title ?? titles.get(c.id) ?? c.id,
  }));
  const [state, dispatch] = useReducer(drawingReducer, undefined, () =>
    initialDrawing(attempt.grade?.annotations ?? [], criteria[0]?.id ?? ''),
  );
  const criterionTitle = (id: string): string => criteria.find((c) => c.id === id)?.title ?? id;
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Submitted series
        </Title>
        <SubmittedSeries
          scanResultIds={attempt.scanResultIds}
          linkOf={(id) => `/students/${props.studentId}/scan-results/${id}`}
          criterionTitle={criterionTitle}
          editor={{ state, dispatch, criteria }}
        />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Grade
        </Title>
        <RubricForm attempt={attempt} titles={titles} annotations={state.annotations} />
      </Stack>
    </Stack>
  );
}
