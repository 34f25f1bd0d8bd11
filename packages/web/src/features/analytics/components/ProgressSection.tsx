/** Progress of a module: students by the state of their newest attempt (bar chart and table), late ones. */
import { Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { ModuleProgressSummary } from '@larmor/contracts/analytics';
import { ANALYTICS_BAR_CHART, ChartFigure } from './ChartFigure.tsx';
import { progressRows, progressSummary } from './figures.ts';

export function ProgressSection(props: { progress: ModuleProgressSummary }) {
  const rows = progressRows(props.progress);
  return (
    <ChartFigure
      caption="Progress"
      summary={progressSummary(props.progress)}
      chart={
        <BarChart
          h={220}
          data={rows.map((r) => ({ label: r.label, Students: r.count }))}
          dataKey="label"
          series={[{ name: 'Students', color: 'blue.6' }]}
          yAxisProps={{ allowDecimals: false }}
          {...ANALYTICS_BAR_CHART}
        />
      }
      table={
        <>
          <Text size="sm">
            {props.progress.students} {props.progress.students === 1 ? 'student' : 'students'}, of whom{' '}
            {props.progress.late} submitted late
          </Text>
          <Table withTableBorder striped aria-label="Students by state">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Students</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.state}>
                  <Table.Th scope="row" fw={400}>
                    {r.label}
                  </Table.Th>
                  <Table.Td>{r.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      }
    />
  );
}
