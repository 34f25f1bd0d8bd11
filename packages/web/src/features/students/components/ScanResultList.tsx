/** A student's scan results, newest first, each opening its scan result page; 'No data' when none. */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { StudentScanResult } from '@larmor/contracts/students';
import { DataTable, type Column } from '#ui/DataTable.tsx';

export function ScanResultList(props: {
  results: readonly StudentScanResult[];
  hrefOf: (id: string) => string;
}) {
  const columns: Column<StudentScanResult>[] = [
    {
      key: 'description',
      header: 'Series',
      render: (r) => (
        <Anchor component={Link} to={props.hrefOf(r.id)}>
          {r.description ?? 'Series'}
        </Anchor>
      ),
    },
    { key: 'module', header: 'Module', render: (r) => r.labTitle },
    { key: 'created', header: 'Kept', render: (r) => new Date(r.createdAt).toLocaleString() },
  ];
  return <DataTable caption="Scan results" columns={columns} rows={props.results} rowKey={(r) => r.id} />;
}
