/** A two-column table of named parameters (the scan result's protocol or scanner). */
import { Table } from '@mantine/core';
import type { ParameterRow } from './protocol-rows.ts';

export function ParameterTable(props: { caption: string; rows: readonly ParameterRow[] }) {
  return (
    <Table withTableBorder striped maw={560}>
      <Table.Caption>{props.caption}</Table.Caption>
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={row.name}>
            <Table.Th scope="row" w="45%">
              {row.name}
            </Table.Th>
            <Table.Td>{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
