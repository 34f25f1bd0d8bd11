/**
 * Import users from a CSV or XLSX file (POST v1/users/import) and show each row's outcome: created, updated,
 * or the error that kept it out. Rows are independent, so a bad row does not stop the others.
 */
import { useState } from 'react';
import { Badge, FileInput, Group, Stack, Text } from '@mantine/core';
import { USER_IMPORT_COLUMNS, USER_IMPORT_EXTENSIONS, type ImportRowResult } from '@larmor/contracts/users';
import { ActionButton } from '#ui/ActionButton.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { useImportUsers } from '#entities/user/api/import-users.ts';

const IMPORT_DIALOG_WIDTH_PX = 720;
const OUTCOME_COLORS: Record<ImportRowResult['outcome'], string> = {
  created: 'teal',
  updated: 'blue',
  error: 'red',
};

const columns: Column<ImportRowResult>[] = [
  { key: 'index', header: 'Row', render: (r) => r.index + 1 },
  {
    key: 'outcome',
    header: 'Outcome',
    render: (r) => (
      <Badge color={OUTCOME_COLORS[r.outcome]} variant="light">
        {r.outcome}
      </Badge>
    ),
  },
  { key: 'message', header: 'Message', render: (r) => r.message ?? '' },
];

export function ImportUsersDialog(props: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const importer = useImportUsers();
  const close = (): void => {
    importer.reset();
    setFile(null);
    props.onClose();
  };
  return (
    <Dialog opened={props.opened} title="Import users" widthPx={IMPORT_DIALOG_WIDTH_PX} onClose={close}>
      <Stack gap="sm">
        <Text size="sm">
          A CSV or XLSX file whose first row names the columns: {USER_IMPORT_COLUMNS.join(', ')}.
        </Text>
        <FileInput
          label="File"
          name="file"
          placeholder="Choose a .csv or .xlsx file"
          accept={USER_IMPORT_EXTENSIONS.map((e) => `.${e}`).join(',')}
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        />
        <ErrorAlert error={importer.error} />
        {importer.data !== undefined && (
          <>
            <Text size="sm" role="status">
              {importer.data.filter((r) => r.outcome !== 'error').length} of {importer.data.length} rows
              imported
            </Text>
            <DataTable
              columns={columns}
              rows={importer.data}
              rowKey={(r) => String(r.index)}
              caption="Import results"
            />
          </>
        )}
        <Group justify="flex-end">
          <ActionButton variant="default" onClick={close}>
            Close
          </ActionButton>
          <ActionButton
            onClick={() => file !== null && importer.mutate(file)}
            disabled={file === null}
            loading={importer.isPending}
            loadingLabel="Importing..."
          >
            Import
          </ActionButton>
        </Group>
      </Stack>
    </Dialog>
  );
}
