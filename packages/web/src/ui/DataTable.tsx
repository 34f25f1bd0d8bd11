/** A table of rows with sortable headers; empty tables show 'No data' (platform-shell.md §8). */
import type { ReactNode } from 'react';
import { Table, UnstyledButton } from '@mantine/core';

/** Below this width [px] a table scrolls sideways in its box. */
const TABLE_MIN_WIDTH_PX = 720;

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
}

export interface SortState {
  by: string;
  dir: 'asc' | 'desc';
}

export function DataTable<T>(props: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  caption?: string;
}) {
  const toggle = (key: string): void => {
    const dir = props.sort?.by === key && props.sort.dir === 'asc' ? 'desc' : 'asc';
    props.onSort?.({ by: key, dir });
  };
  // A wide table scrolls inside its own box on narrow screens (tablets) instead of widening the page.
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH_PX} type="native">
      <Table striped highlightOnHover withTableBorder>
        {props.caption !== undefined && <Table.Caption>{props.caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((c) => {
              const sorted = props.sort?.by === c.key ? props.sort.dir : undefined;
              return (
                <Table.Th
                  key={c.key}
                  aria-sort={sorted === undefined ? undefined : sorted === 'asc' ? 'ascending' : 'descending'}
                >
                  {c.sortable === true ? (
                    <UnstyledButton onClick={() => toggle(c.key)} fw={600} fz="sm">
                      {c.header} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </UnstyledButton>
                  ) : (
                    c.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={props.columns.length} ta="center" c="dimmed">
                No data
              </Table.Td>
            </Table.Tr>
          ) : (
            props.rows.map((row) => (
              <Table.Tr key={props.rowKey(row)}>
                {props.columns.map((c) => (
                  <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
