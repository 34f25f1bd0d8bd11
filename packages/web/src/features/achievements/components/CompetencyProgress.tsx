/**
 * A student's progress by competency (issue 24.3), on the achievements page: for each competency the checks of
 * their graded modules that assess it, and how many passed. 'No data' until a module has been graded.
 */
import { Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { CompetencyProgress as Progression } from '@larmor/contracts/competencies';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { useMyCompetencies } from '#entities/program/api/get-competencies.ts';

/** Passed checks as a whole percentage of the checks (0 when none). */
export function passedPercent(row: { checks: number; passed: number }): number {
  return row.checks === 0 ? 0 : Math.round((100 * row.passed) / row.checks);
}

export function CompetencyProgressTable(props: { progress: Progression }) {
  const rows = props.progress.competencies.filter((c) => c.checks > 0);
  return (
    <Table striped withTableBorder>
      <Table.Caption>Checks of your graded modules, by competency</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Competency</Table.Th>
          <Table.Th>Modules</Table.Th>
          <Table.Th>Checks passed</Table.Th>
          <Table.Th>Progress</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={4} ta="center">
              No data
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.title}</Table.Td>
              <Table.Td>{c.modules}</Table.Td>
              <Table.Td>
                {c.passed} of {c.checks}
              </Table.Td>
              <Table.Td miw={120}>
                <Progress
                  value={passedPercent(c)}
                  aria-label={`${c.title}: ${passedPercent(c)} % of checks passed`}
                />
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

export function CompetencyProgress() {
  const progress = useMyCompetencies();
  return (
    <Stack component="section" aria-labelledby="competency-progress-heading" gap="xs" mt="lg">
      <Title order={2} size="h4" id="competency-progress-heading">
        Progress by competency
      </Title>
      <Text size="sm" c="dimmed">
        The competencies of MRI training (UK NSHCS/SoR and ARRT areas) your graded modules have assessed.
      </Text>
      <ErrorAlert error={progress.error} />
      {progress.isPending && <Text size="sm">Loading your progress…</Text>}
      {progress.data !== undefined && <CompetencyProgressTable progress={progress.data} />}
    </Stack>
  );
}
