/**
 * The tissue table: PD, T1, T2 and T2* of every tissue at the session's field; in advanced mode T1 and T2 are
 * edited in place (validated before the call: positive, T2 ≤ T1, the server's limits), each row saved alone.
 * The checkbox of a row puts its tissue on the curves.
 */
import { useState } from 'react';
import { Badge, Button, Checkbox, Group, NumberInput, Table, Text } from '@mantine/core';
import { editError, type TissueRow } from '../state/tissue-rows.ts';

interface RowProps {
  row: TissueRow;
  advanced: boolean;
  plotted: boolean;
  saving: boolean;
  onPlot: (plotted: boolean) => void;
  onSave: (t1Ms: number, t2Ms: number) => void;
}

const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v.toPrecision(3));

/** A time [ms] as the inputs start with it: to 0.1 ms (the library's values at a field are not round). */
const tenth = (v: number) => Math.round(v * 10) / 10;

interface TimeCellProps {
  label: string;
  value: number | string;
  onChange: (value: number | string) => void;
  /** The row's edit is refused (marked on both of its inputs). */
  invalid: boolean;
}

/** An edited relaxation time [ms] of a row. */
function TimeCell({ label, value, onChange, invalid }: TimeCellProps) {
  return (
    <Table.Td>
      <NumberInput
        size="xs"
        w={96}
        value={value}
        onChange={onChange}
        min={0}
        aria-label={label}
        error={invalid ? true : undefined}
      />
    </Table.Td>
  );
}

function TissueTableRow({ row, advanced, plotted, saving, onPlot, onSave }: RowProps) {
  const [t1, setT1] = useState<number | string>(tenth(row.t1Ms));
  const [t2, setT2] = useState<number | string>(tenth(row.t2Ms));
  const error = editError(t1, t2);
  const changed = t1 !== tenth(row.t1Ms) || t2 !== tenth(row.t2Ms);
  const invalid = error !== null && changed;
  return (
    <Table.Tr data-tissue={row.id}>
      <Table.Td>
        <Checkbox
          checked={plotted}
          onChange={(e) => onPlot(e.currentTarget.checked)}
          aria-label={`Plot ${row.name}`}
        />
      </Table.Td>
      <Table.Th scope="row">
        <Group gap="xs">
          {row.name}
          {row.overridden && (
            <Badge size="xs" variant="outline">
              custom
            </Badge>
          )}
        </Group>
      </Table.Th>
      <Table.Td>{row.pd.toFixed(2)}</Table.Td>
      {advanced ? (
        <>
          <TimeCell label={`T1 of ${row.name} [ms]`} value={t1} onChange={setT1} invalid={invalid} />
          <TimeCell label={`T2 of ${row.name} [ms]`} value={t2} onChange={setT2} invalid={invalid} />
        </>
      ) : (
        <>
          <Table.Td>{fmt(row.t1Ms)}</Table.Td>
          <Table.Td>{fmt(row.t2Ms)}</Table.Td>
        </>
      )}
      <Table.Td>{fmt(row.t2StarMs)}</Table.Td>
      {advanced && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-xs"
              disabled={!changed || error !== null}
              loading={saving}
              onClick={() => onSave(Number(t1), Number(t2))}
              aria-label={`Save ${row.name}`}
            >
              Save
            </Button>
            {invalid && (
              <Text size="xs" c="red.8" role="alert">
                {error}
              </Text>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

export interface TissueTableProps {
  rows: readonly TissueRow[];
  advanced: boolean;
  plotted: ReadonlySet<string>;
  savingId: string | null;
  onPlot: (id: string, plotted: boolean) => void;
  onSave: (id: string, t1Ms: number, t2Ms: number) => void;
}

export function TissueTable(props: TissueTableProps) {
  return (
    <Table striped withTableBorder aria-label="Tissue characteristics">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Plot</Table.Th>
          <Table.Th>Tissue</Table.Th>
          <Table.Th>PD</Table.Th>
          <Table.Th>T1 [ms]</Table.Th>
          <Table.Th>T2 [ms]</Table.Th>
          <Table.Th>T2* [ms]</Table.Th>
          {props.advanced && <Table.Th>Edit</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row) => (
          <TissueTableRow
            // A new server value (saved, reset) starts the row's inputs afresh.
            key={`${row.id}:${row.t1Ms}:${row.t2Ms}`}
            row={row}
            advanced={props.advanced}
            plotted={props.plotted.has(row.id)}
            saving={props.savingId === row.id}
            onPlot={(p) => props.onPlot(row.id, p)}
            onSave={(t1, t2) => props.onSave(row.id, t1, t2)}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}
