import { Table } from '@mantine/core';

/** A record's details as a two-column table: each row's label as its header cell (`labelWidth` px wide), then its value. */
export function DetailsTable(props: {
  rows: ReadonlyArray<readonly [label: string, value: string]>;
  labelWidth: number;
  maw: number;
  w?: string;
}) {
  return (
    <Table withTableBorder maw={props.maw} w={props.w}>
      <Table.Tbody>
        {props.rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={props.labelWidth}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
