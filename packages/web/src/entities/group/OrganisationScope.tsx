/**
 * The organisation an admin page works on (Admin › LTI, Admin › Single sign-on): the organisations the caller
 * may administer, picked from a list when there are several, the only one otherwise; "No data" when none.
 * `children` renders the page's content for the chosen organisation.
 */
import { useState, type ReactNode } from 'react';
import { Loader, Select, Text } from '@mantine/core';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import { useClients } from './api/list-clients.ts';

export function OrganisationScope(props: { children: (clientId: string) => ReactNode }) {
  const clients = useClients();
  const items = clients.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const clientId = picked ?? (items.length === 1 ? (items[0]?.id ?? null) : null);
  return (
    <>
      <ErrorAlert error={clients.error} />
      {clients.isPending && <Loader aria-label="Loading organisations" />}
      {items.length > 1 && (
        <Select
          label="Organisation"
          name="clientId"
          placeholder={SELECT_DEFAULTS.placeholder}
          nothingFoundMessage={SELECT_DEFAULTS.noOptions}
          data={items.map((c) => ({ value: c.id, label: c.name }))}
          value={clientId}
          onChange={setPicked}
          comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
          w={320}
          mb="md"
        />
      )}
      {clients.data !== undefined && items.length === 0 && <Text>No data</Text>}
      {clientId !== null && props.children(clientId)}
    </>
  );
}
