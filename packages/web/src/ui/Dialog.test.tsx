import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Dialog } from './Dialog.tsx';

function renderDialog(forced: boolean, onClose: () => void) {
  return render(
    <MantineProvider>
      <button type="button">Behind the dialog</button>
      <Dialog opened title="Terms" widthPx={500} forced={forced} onClose={onClose}>
        <button type="button">First</button>
        <button type="button">Second</button>
      </Dialog>
    </MantineProvider>,
  );
}

describe('Dialog keyboard access (platform-shell.md §2 dialogs, §4 forced dialogs)', () => {
  it('a closable dialog has a close button and closes on Escape', async () => {
    const onClose = vi.fn();
    renderDialog(false, onClose);
    const user = userEvent.setup();
    await screen.findByRole('dialog');
    expect(document.querySelector('.mantine-Modal-close')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a forced dialog has no close button and ignores Escape', async () => {
    const onClose = vi.fn();
    renderDialog(true, onClose);
    const user = userEvent.setup();
    await screen.findByRole('dialog');
    expect(document.querySelector('.mantine-Modal-close')).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keeps Tab focus inside the dialog (focus trap)', async () => {
    renderDialog(true, () => undefined);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let press = 0; press < 4; press += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});
