import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { RegistryList } from './RegistryList.tsx';

interface Entry {
  id: string;
  name: string;
  issuer: string;
}

const ENTRIES: Entry[] = [
  { id: 'a', name: 'Moodle', issuer: 'https://moodle.example' },
  { id: 'b', name: 'Canvas', issuer: 'https://canvas.example' },
];

function renderList(remove: (id: string) => Promise<unknown>, list = { data: { items: ENTRIES } }) {
  return render(
    <MantineProvider env="test">
      <RegistryList<Entry>
        title="Platforms"
        addLabel="Register platform"
        noun="Platform"
        list={{ isPending: false, error: null, ...list }}
        columns={[
          { key: 'name', header: 'Platform', render: (e) => e.name },
          { key: 'issuer', header: 'Issuer', render: (e) => e.issuer },
        ]}
        form={(entry, onClose) => (
          <div role="dialog" aria-label={entry ? `Edit form of ${entry.name}` : 'New entry form'}>
            <button type="button" onClick={onClose}>
              Close form
            </button>
          </div>
        )}
        removeConsequence="Its launches stop working."
        remove={remove}
      />
    </MantineProvider>,
  );
}

describe('RegistryList: an organisation’s registered connections (LTI platforms, sign-in providers)', () => {
  it('lists the entries with their columns and Edit and Remove named for each', () => {
    renderList(() => Promise.resolve());
    const rows = screen.getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('https://moodle.example')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Canvas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Moodle' })).toBeTruthy();
  });

  it('opens the form empty to add and with the entry to edit, and closes it', async () => {
    renderList(() => Promise.resolve());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Register platform' }));
    expect(screen.getByRole('dialog', { name: 'New entry form' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close form' }));
    await user.click(screen.getByRole('button', { name: 'Edit Canvas' }));
    expect(screen.getByRole('dialog', { name: 'Edit form of Canvas' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'New entry form' })).toBeNull();
  });

  it('removes an entry only after the confirmation that names it and says what follows', async () => {
    const remove = vi.fn(() => Promise.resolve());
    renderList(remove);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Canvas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove platform' });
    expect(within(dialog).getByText('Remove Canvas? Its launches stop working.')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('b'));
  });

  it('shows the loading state before the list arrives, and no table', () => {
    render(
      <MantineProvider env="test">
        <RegistryList<Entry>
          title="Platforms"
          addLabel="Register platform"
          noun="Platform"
          list={{ data: undefined, isPending: true, error: null }}
          columns={[]}
          form={() => null}
          removeConsequence=""
          remove={() => Promise.resolve()}
        />
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Loading platforms')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
