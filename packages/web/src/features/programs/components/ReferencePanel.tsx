/**
 * The module editor's reference scan (issue 21.2): the author scans the module in the simulator (a new tab),
 * picks one of their scans of it as the reference, and sees every objective checked against it with what was
 * measured, before publishing. Objectives that fail their own reference will ask for a reason on publishing.
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { objectiveTitle, type Objective } from '@larmor/contracts/objectives';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import { toast } from '#ui/toast.ts';
import {
  useOwnScans,
  useReferenceEvaluation,
  useSaveReference,
} from '#entities/program/api/module-reference.ts';
import { BADGE_COLORS } from './badge-colors.ts';
import { simulatorEntryPath } from './learning-paths.ts';

const when = (iso: string | null) => (iso === null ? '' : new Date(iso).toLocaleString());

function EvaluationTable(props: { labId: string; objectives: readonly Objective[] }) {
  const evaluation = useReferenceEvaluation(props.labId);
  const e = evaluation.data;
  if (evaluation.isPending)
    return (
      <Group gap="xs">
        <Loader size="sm" aria-label="Checking the objectives against the reference" />
        <Text size="sm">Checking the objectives against the reference…</Text>
      </Group>
    );
  if (!e) return <ErrorAlert error={evaluation.error} />;
  if (e.reference === null) return <Text c="dimmed">No reference scan yet: nothing to check against.</Text>;
  if (props.objectives.length === 0)
    return <Text c="dimmed">The module has no objectives to check against its reference.</Text>;
  const failing = e.checks.filter((c) => !c.passed).length;
  const titles = new Map(props.objectives.map((o) => [o.id, objectiveTitle(o)]));
  return (
    <Stack gap="xs">
      <Text>
        Reference:{' '}
        <Anchor component={Link} to={`/scan-results/${e.reference.scanResultId}`}>
          your scan result
        </Anchor>
        , marked {when(e.reference.setAt)}.
      </Text>
      {e.passed ? (
        <Alert color="green" title="Every objective passes your reference" />
      ) : (
        <Alert color="red" title="Your objectives fail your own reference">
          {failing} of {e.checks.length} checks fail on the scan you marked as the answer. Fix the objectives
          or the reference; publishing as it is asks for a reason.
        </Alert>
      )}
      <Table withTableBorder striped>
        <Table.Caption>Objectives against the reference scan</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Objective</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
            <Table.Th scope="col">Measured</Table.Th>
            <Table.Th scope="col">Target</Table.Th>
            <Table.Th scope="col">Points</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {e.checks.map((c) => (
            <Table.Tr key={c.objectiveId}>
              <Table.Th scope="row">
                {titles.get(c.objectiveId) ?? c.objectiveId}
                {c.mustPass ? ' (required)' : ''}
              </Table.Th>
              <Table.Td>
                <Badge color={c.passed ? BADGE_COLORS.success : 'red.9'}>
                  {c.passed ? 'Passed' : 'Failed'}
                </Badge>
              </Table.Td>
              <Table.Td>{c.measured ?? 'Nothing measured'}</Table.Td>
              <Table.Td>{c.target}</Table.Td>
              <Table.Td>
                {c.points} of {c.maxPoints}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function ReferencePanel(props: {
  programId: string;
  labId: string;
  objectives: readonly Objective[];
}) {
  const scans = useOwnScans(props.labId);
  const save = useSaveReference(props.labId);
  const [picked, setPicked] = useState<string | null>(null);
  const choice = scans.data?.find((s) => s.scanId === picked);
  return (
    <Stack component="section" aria-labelledby="reference-heading" gap="sm">
      <Title order={2} size="h4" id="reference-heading">
        Reference scan
      </Title>
      <Text size="sm">
        Scan the module as a student would and mark the scan that answers it as the reference. Its objectives
        are checked against it here, and students compare their submitted scans with it.
      </Text>
      <Group>
        <Button
          component="a"
          variant="default"
          href={simulatorEntryPath(props.programId, props.labId)}
          target="_blank"
          rel="noopener"
        >
          Scan this module in the simulator
        </Button>
        <Button variant="subtle" onClick={() => void scans.refetch()} loading={scans.isFetching}>
          Refresh my scans
        </Button>
      </Group>
      <ErrorAlert error={scans.error ?? save.error} />
      <Group align="flex-end">
        <Select
          label="Your scans of this module"
          placeholder={scans.data?.length === 0 ? 'No finished scans yet' : SELECT_DEFAULTS.placeholder}
          data={(scans.data ?? []).map((s) => ({
            value: s.scanId,
            label: `Se ${s.seriesNumber} · ${s.description ?? 'Scan'} · ${when(s.finishedAt)}`,
          }))}
          value={picked}
          onChange={setPicked}
          comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
          miw={360}
        />
        <ActionButton
          disabled={choice === undefined}
          loading={save.isPending}
          onClick={() =>
            choice &&
            save.mutate(choice, { onSuccess: () => toast.success('Saved as the module’s reference scan') })
          }
        >
          Save as the reference
        </ActionButton>
      </Group>
      <EvaluationTable labId={props.labId} objectives={props.objectives} />
    </Stack>
  );
}
