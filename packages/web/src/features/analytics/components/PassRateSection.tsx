/** Pass rate per objective over each student's newest submission: horizontal bars [%] and a table. */
import { Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { ObjectivePassRate } from '@larmor/contracts/analytics';
import { ChartFigure, ROW_BAR_CHART } from './ChartFigure.tsx';
import { formatRate, passRateSummary } from './figures.ts';

/** Height of one objective's bar row in the chart [px]. */
const ROW_HEIGHT_PX = 44;
const PERCENT = 100;

export function PassRateSection(props: { rates: readonly ObjectivePassRate[] }) {
  if (props.rates.length === 0) {
    return (
      <Stack gap="xs">
        <Text fw={600}>Pass rate per objective</Text>
        <Text c="dimmed">This module has no objectives.</Text>
      </Stack>
    );
  }
  return (
    <ChartFigure
      caption="Pass rate per objective"
      summary={passRateSummary(props.rates)}
      chart={
        <BarChart
          h={Math.max(120, props.rates.length * ROW_HEIGHT_PX + 40)}
          data={props.rates.map((r) => ({
            objective: r.title,
            'Pass rate': r.rate === null ? 0 : Math.round(r.rate * PERCENT),
          }))}
          dataKey="objective"
          series={[{ name: 'Pass rate', color: 'teal.7' }]}
          valueFormatter={(value) => `${value} %`}
          xAxisProps={{ domain: [0, PERCENT] }}
          {...ROW_BAR_CHART}
        />
      }
      table={
        <Table withTableBorder striped aria-label="Pass rate per objective">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Objective</Table.Th>
              <Table.Th scope="col">Passed</Table.Th>
              <Table.Th scope="col">Pass rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rates.map((r) => (
              <Table.Tr key={r.objectiveId}>
                <Table.Th scope="row" fw={400}>
                  {r.title}
                </Table.Th>
                <Table.Td>
                  {r.passed} of {r.submissions}
                </Table.Td>
                <Table.Td>{formatRate(r.rate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}
