/**
 * The misconception map: the checks a cohort fails most (bars of failures and a table with what the failing
 * submissions measured), and the protocol parameters behind those failures, most first.
 */
import { List, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { Misconception } from '@larmor/contracts/analytics';
import { ChartFigure, ROW_BAR_CHART } from './ChartFigure.tsx';

const ROW_HEIGHT_PX = 44;

export function MisconceptionSection(props: {
  misconceptions: readonly Misconception[];
  parameters: readonly { parameter: string; failures: number }[];
}) {
  if (props.misconceptions.length === 0) {
    return (
      <Stack gap="xs">
        <Text fw={600}>Misconception map</Text>
        <Text c="dimmed">No failed checks.</Text>
      </Stack>
    );
  }
  const summary = `Failed checks: ${props.misconceptions
    .map((m) => `${m.title} failed ${m.failed} of ${m.submissions}`)
    .join(', ')}`;
  return (
    <Stack gap="md">
      <ChartFigure
        caption="Misconception map"
        summary={summary}
        chart={
          <BarChart
            h={Math.max(120, props.misconceptions.length * ROW_HEIGHT_PX + 40)}
            data={props.misconceptions.map((m) => ({ check: m.title, Failures: m.failed }))}
            dataKey="check"
            series={[{ name: 'Failures', color: 'red.7' }]}
            xAxisProps={{ allowDecimals: false }}
            {...ROW_BAR_CHART}
          />
        }
        table={
          <Table withTableBorder striped aria-label="Failed checks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Check</Table.Th>
                <Table.Th scope="col">Failed</Table.Th>
                <Table.Th scope="col">What failing submissions measured</Table.Th>
                <Table.Th scope="col">Parameters behind it</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.misconceptions.map((m) => (
                <Table.Tr key={m.objectiveId}>
                  <Table.Th scope="row" fw={400}>
                    {m.title}
                  </Table.Th>
                  <Table.Td>
                    {m.failed} of {m.submissions}
                  </Table.Td>
                  <Table.Td>{m.measured.map((v) => `${v.value} (${v.count})`).join('; ')}</Table.Td>
                  <Table.Td>{m.parameters.join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <Stack gap={4}>
        <Text fw={600} id="analytics-parameters">
          Parameters most often behind failures
        </Text>
        <List aria-labelledby="analytics-parameters" size="sm">
          {props.parameters.map((p) => (
            <List.Item key={p.parameter}>
              {p.parameter}: {p.failures} failed {p.failures === 1 ? 'check' : 'checks'}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
