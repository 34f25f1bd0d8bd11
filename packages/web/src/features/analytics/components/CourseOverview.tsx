/** A course's modules side by side: students by state (stacked bars and a table) and median time on task. */
import { Table } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { PROGRESS_STATES, type CourseAnalytics } from '@larmor/contracts/analytics';
import { ChartFigure, ROW_BAR_CHART } from './ChartFigure.tsx';
import { formatDuration, PROGRESS_STATE_COLORS, PROGRESS_STATE_LABELS } from './figures.ts';

export function CourseOverview(props: { course: CourseAnalytics }) {
  const modules = props.course.modules;
  const summary = `Students by state per module: ${modules
    .map(
      (m) =>
        `${m.title}: ${
          PROGRESS_STATES.filter((s) => (m.progress.states[s] ?? 0) > 0)
            .map((s) => `${PROGRESS_STATE_LABELS[s]} ${m.progress.states[s] ?? 0}`)
            .join(', ') || 'no students'
        }`,
    )
    .join('; ')}`;
  return (
    <ChartFigure
      caption={`Progress per module of ${props.course.title}`}
      summary={summary}
      chart={
        <BarChart
          h={Math.max(160, modules.length * 48 + 80)}
          data={modules.map((m) => ({
            module: m.title,
            ...Object.fromEntries(
              PROGRESS_STATES.map((s) => [PROGRESS_STATE_LABELS[s], m.progress.states[s] ?? 0]),
            ),
          }))}
          dataKey="module"
          type="stacked"
          series={PROGRESS_STATES.map((s) => ({
            name: PROGRESS_STATE_LABELS[s],
            color: PROGRESS_STATE_COLORS[s],
          }))}
          xAxisProps={{ allowDecimals: false }}
          withLegend
          {...ROW_BAR_CHART}
        />
      }
      table={
        <Table withTableBorder striped aria-label="Progress per module">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Module</Table.Th>
              <Table.Th scope="col">Students</Table.Th>
              <Table.Th scope="col">Not started</Table.Th>
              <Table.Th scope="col">Submitted or further</Table.Th>
              <Table.Th scope="col">Late</Table.Th>
              <Table.Th scope="col">Median time on task</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {modules.map((m) => (
              <Table.Tr key={m.labId}>
                <Table.Th scope="row" fw={400}>
                  {m.title}
                </Table.Th>
                <Table.Td>{m.progress.students}</Table.Td>
                <Table.Td>{m.progress.states.notStarted ?? 0}</Table.Td>
                <Table.Td>
                  {m.progress.students -
                    (m.progress.states.notStarted ?? 0) -
                    (m.progress.states.inProgress ?? 0)}
                </Table.Td>
                <Table.Td>{m.progress.late}</Table.Td>
                <Table.Td>{formatDuration(m.timeOnTask.medianSeconds)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}
