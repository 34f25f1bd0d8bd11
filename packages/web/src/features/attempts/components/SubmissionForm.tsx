/**
 * The student's submission: the finished series of their sessions of the module, each run a series of its own
 * with its number, thumbnail and key parameters (issue 20.5; each kept as a scan result when chosen), answers to
 * the module's questions (a reading question's choices as radio buttons), and Submit. A reading-only module
 * (model 100001) shows prepared series: its submission is the answers alone. After submitting the attempt is
 * read-only.
 */
import { useId, useState } from 'react';
import { Checkbox, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { ANSWER_MAX_LENGTH, type LabAttempt } from '@larmor/contracts/attempts';
import type { ObjectiveSummary } from '@larmor/contracts/objectives';
import type { OwnScan } from '@larmor/contracts/students';
import { SeriesSummary, seriesTitle } from '#entities/series/SeriesSummary.tsx';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { useKeepScan, useOwnScans, useSubmitAttempt } from '#entities/attempt/api/attempts.ts';
import {
  canSubmit,
  NOTES_QUESTION,
  questionsOf,
  submissionBody,
  toggleSelection,
  type Question,
} from './submission.ts';

export function SubmissionForm(props: {
  attempt: LabAttempt;
  objectives: readonly ObjectiveSummary[];
  /** The module shows prepared series (model 100001): answers alone are submitted. */
  readingOnly?: boolean;
}) {
  const { attempt } = props;
  const readingOnly = props.readingOnly === true;
  const scans = useOwnScans(attempt.labId, !readingOnly);
  const keep = useKeepScan();
  const submit = useSubmitAttempt(attempt.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  // Nothing is changed in a reading-only module: no note on what was changed.
  const questions = questionsOf(props.objectives).filter((q) => !readingOnly || q.id !== NOTES_QUESTION.id);
  const list = scans.data?.scans ?? [];
  const ready = canSubmit(readingOnly, chosen, questions, answers);

  const send = async (): Promise<void> => {
    // Each chosen scan is kept as a scan result first (kept again, it answers the same one).
    const ids: string[] = [];
    for (const scanId of chosen) {
      const known = list.find((s) => s.scanId === scanId)?.scanResultId ?? null;
      ids.push(known ?? (await keep.mutateAsync(scanId)).id);
    }
    const submitted = await submit.mutateAsync(submissionBody(ids, answers));
    toast.success(
      submitted.state === 'released'
        ? 'Submitted: your grade and automatic feedback are below'
        : 'Submitted: your automatic feedback is below',
    );
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Your series
      </Title>
      {readingOnly ? (
        <Text c="dimmed">
          This module’s series are prepared for you: read them in the simulator, then answer the questions.
        </Text>
      ) : scans.data && list.length === 0 ? (
        <Text c="dimmed">
          No finished scans yet — start scanning, run a sequence, then come back to submit it.
        </Text>
      ) : (
        <Stack gap={6} role="group" aria-label="Series to submit">
          {list.map((scan) => (
            <SeriesChoice
              key={scan.scanId}
              scan={scan}
              checked={chosen.includes(scan.scanId)}
              onToggle={() => setChosen((c) => toggleSelection(c, scan.scanId))}
            />
          ))}
        </Stack>
      )}
      <Title order={2} size="h3">
        Questions
      </Title>
      {questions.map((q) => (
        <Answer
          key={q.id}
          question={q}
          value={answers[q.id] ?? ''}
          onChange={(text) => setAnswers((a) => ({ ...a, [q.id]: text }))}
        />
      ))}
      <ErrorAlert error={scans.error ?? keep.error ?? submit.error} />
      <ActionButton
        disabled={!ready}
        loading={keep.isPending || submit.isPending}
        loadingLabel="Submitting..."
        onClick={() => void send().catch(() => undefined)}
      >
        Submit
      </ActionButton>
      {!ready && (
        <Text size="sm">
          {readingOnly ? 'Pick an answer to each question.' : 'Choose at least one series to submit.'}
        </Text>
      )}
    </Stack>
  );
}

/** A question's answer: a reading question's choices as radio buttons, else words. */
function Answer(props: { question: Question; value: string; onChange: (text: string) => void }) {
  const { question: q } = props;
  if (q.choices !== undefined)
    return (
      <Radio.Group label={q.label} name={q.id} value={props.value} onChange={props.onChange}>
        <Stack gap={6} mt="xs">
          {q.choices.map((choice) => (
            <Radio key={choice} value={choice} label={choice} />
          ))}
        </Stack>
      </Radio.Group>
    );
  return (
    <Textarea
      label={q.label}
      name={q.id}
      value={props.value}
      maxLength={ANSWER_MAX_LENGTH}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      autosize
      minRows={2}
    />
  );
}

/** One series to choose: named "Se N · name" and described by its key parameters. */
function SeriesChoice(props: { scan: OwnScan; checked: boolean; onToggle: () => void }) {
  const { scan } = props;
  const parametersId = useId();
  const name = scan.description ?? 'Series';
  return (
    <Checkbox
      aria-label={seriesTitle(scan.seriesNumber, name)}
      aria-describedby={parametersId}
      label={
        <SeriesSummary
          sessionId={scan.sessionId}
          scanId={scan.scanId}
          seriesNumber={scan.seriesNumber}
          name={name}
          parameters={scan.parameters}
          scanTimeSeconds={scan.scanTimeSeconds}
          parametersId={parametersId}
        />
      }
      checked={props.checked}
      onChange={props.onToggle}
    />
  );
}
