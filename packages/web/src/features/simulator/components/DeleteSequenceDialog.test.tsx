import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { DeleteSequenceDialog } from './DeleteSequenceDialog.tsx';

const sequence = { id: 'p-1', name: 'T2 TSE', seqnum: 1 } as PulseSequence;

function renderDialog(onDelete: (s: PulseSequence) => Promise<void>, onClose = vi.fn()) {
  render(
    <MantineProvider>
      <DeleteSequenceDialog sequence={sequence} onDelete={onDelete} onClose={onClose} />
    </MantineProvider>,
  );
  return onClose;
}

describe('deleting a pulse sequence asks first (issue 12: delete from the scan list)', () => {
  it('names the sequence; Cancel closes without deleting', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const onClose = renderDialog(onDelete);
    const user = userEvent.setup();
    expect(await screen.findByText(/Delete “T2 TSE” and its images\?/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('Delete deletes that sequence', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    renderDialog(onDelete);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(sequence);
  });

  it('a refusal stays in the dialog as an alert and Delete can be pressed again', async () => {
    const onDelete = vi.fn(() =>
      Promise.reject(new Error('This pulse sequence is running: cancel it first')),
    );
    renderDialog(onDelete);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('cancel it first');
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false);
  });
});
