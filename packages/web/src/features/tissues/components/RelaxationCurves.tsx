/**
 * T1 recovery and T2 decay of the chosen tissues, with the sequence's TR and TE marked, and the values at TR
 * and TE as a table (what the curves say about the next scan's contrast, readable without the picture).
 */
import { useMemo } from 'react';
import { Group, Table, Text } from '@mantine/core';
import { CURVE_COLORS, CurvePlot, type CurveMarker } from '#ui/charts/CurvePlot.tsx';
import { decayCurves, recoveryCurves, signalAt, type TissueRow } from '../state/tissue-rows.ts';

export interface RelaxationCurvesProps {
  /** Every row; `chosen` names those plotted (ids joined by commas: a stable value between renders). */
  rows: readonly TissueRow[];
  chosen: string;
  /** The sequence's TR and TE [ms]; undefined without a sequence. */
  trMs: number | undefined;
  teMs: number | undefined;
}

const MARKER_COLOR = '#c92a2a';

export function RelaxationCurves({ rows: all, chosen, trMs, teMs }: RelaxationCurvesProps) {
  const rows = useMemo(() => {
    const ids = new Set(chosen.split(','));
    return all.filter((r) => ids.has(r.id));
  }, [all, chosen]);
  const recovery = useMemo(() => recoveryCurves(rows, trMs), [rows, trMs]);
  const decay = useMemo(() => decayCurves(rows, teMs), [rows, teMs]);
  const trMarkers = useMemo<CurveMarker[]>(
    () => (trMs === undefined ? [] : [{ label: `TR ${trMs.toFixed(0)} ms`, at: trMs, color: MARKER_COLOR }]),
    [trMs],
  );
  const teMarkers = useMemo<CurveMarker[]>(
    () => (teMs === undefined ? [] : [{ label: `TE ${teMs.toFixed(0)} ms`, at: teMs, color: MARKER_COLOR }]),
    [teMs],
  );
  const recoverySeries = useMemo(
    () =>
      rows.map((r, i) => ({
        label: r.name,
        values: recovery.series[i] ?? [],
        color: CURVE_COLORS[i % CURVE_COLORS.length] ?? '#1c7ed6',
      })),
    [rows, recovery],
  );
  const decaySeries = useMemo(
    () =>
      rows.map((r, i) => ({
        label: r.name,
        values: decay.series[i] ?? [],
        color: CURVE_COLORS[i % CURVE_COLORS.length] ?? '#1c7ed6',
      })),
    [rows, decay],
  );

  if (rows.length === 0) return <Text>Tick tissues in the table to plot their curves.</Text>;
  return (
    <>
      <Group align="flex-start" gap="lg">
        <CurvePlot
          title="T1 recovery of the chosen tissues, with the sequence's TR marked"
          xLabel="time after 90° [ms]"
          yLabel="Mz / M0"
          x={recovery.times}
          series={recoverySeries}
          markers={trMarkers}
        />
        <CurvePlot
          title="T2 decay of the chosen tissues, with the sequence's TE marked"
          xLabel="time after 90° [ms]"
          yLabel="Mxy / M0"
          x={decay.times}
          series={decaySeries}
          markers={teMarkers}
        />
      </Group>
      {trMs !== undefined && teMs !== undefined && (
        <Table withTableBorder aria-label="Signal at the sequence's TR and TE" w="auto">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tissue</Table.Th>
              <Table.Th>PD·(1 − e^(−TR/T1))</Table.Th>
              <Table.Th>e^(−TE/T2)</Table.Th>
              <Table.Th>Spin-echo signal</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              const s = signalAt(r, trMs, teMs);
              return (
                <Table.Tr key={r.id} data-signal-of={r.id}>
                  <Table.Th scope="row">{r.name}</Table.Th>
                  <Table.Td>{s.longitudinal.toFixed(3)}</Table.Td>
                  <Table.Td>{s.transverse.toFixed(3)}</Table.Td>
                  <Table.Td>{s.signal.toFixed(3)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
