/**
 * The student's submission: the finished series of their sessions of the module, each run a series of its own
 * with its number, thumbnail and key parameters (issue 20.5; each kept as a scan result when chosen), answers to the module's questions, and Submit. After submitting the attempt is read-only.
 */
import { useId, useState } from 'react';
import { Checkbox, Stack, Text, Textarea, Title } from '@mantine/core';
import { ANSWER_MAX_LENGTH, type LabAttempt } from '@larmor/contracts/attempts';
import type { ObjectiveSummary } from '@larmor/contracts/objectives';
import type { OwnScan } from '@larmor/contracts/students';
import { SeriesSummary, seriesTitle } from '#entities/series/SeriesSummary.tsx';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { useKeepScan, useOwnScans, useSubmitAttempt } from '#entities/attempt/api/attempts.ts';
import { questionsOf, submissionBody, toggleSelection } from './submission.ts';

export function SubmissionForm(props: { attempt: LabAttempt; objectives: readonly ObjectiveSummary[] }) {
  const { attempt } = props;
  const scans = useOwnScans(attempt.labId, true);
  const keep = useKeepScan();
  const submit = useSubmitAttempt(attempt.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const questions = questionsOf(props.objectives);
  const list = scans.data?.scans ?? [];

  const send = async (): Promise<void> => {
    // Each chosen scan is kept as a scan result first (kept again, it answers the same one).
    const ids: string[] = [];
    for (const scanId of chosen) {
      const known = list.find((s) => s.scanId === scanId)?.scanResultId ?? null;
      ids.push(known ?? (await keep.mutateAsync(scanId)).id);
    }
    await submit.mutateAsync(submissionBody(ids, answers));
    toast.success('Submitted: your automatic feedback is below');
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Your series
      </Title>
      {scans.data && list.length === 0 ? (
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
        <Textarea
          key={q.id}
          label={q.label}
          name={q.id}
          value={answers[q.id] ?? ''}
          maxLength={ANSWER_MAX_LENGTH}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setAnswers((a) => ({ ...a, [q.id]: text }));
          }}
          autosize
          minRows={2}
        />
      ))}
      <ErrorAlert error={scans.error ?? keep.error ?? submit.error} />
      <ActionButton
        disabled={chosen.length === 0}
        loading={keep.isPending || submit.isPending}
        loadingLabel="Submitting..."
        onClick={() => void send().catch(() => undefined)}
      >
        Submit
      </ActionButton>
      {chosen.length === 0 && <Text size="sm">Choose at least one series to submit.</Text>}
    </Stack>
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
