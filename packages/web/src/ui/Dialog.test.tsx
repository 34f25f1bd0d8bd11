import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Dialog, focusReturnTarget } from './Dialog.tsx';

function renderDialog(forced: boolean, onClose: () => void) {
  return render(
    <MantineProvider env="test">
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

/** A button that opens a dialog; the dialog is kept mounted, or rendered only while open. */
function OpensDialog(props: { unmountOnClose: boolean }) {
  const [opened, setOpened] = useState(false);
  const dialog = (
    <Dialog opened={opened} title="Rename" widthPx={400} onClose={() => setOpened(false)}>
      <button type="button" onClick={() => setOpened(false)}>
        Save
      </button>
    </Dialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Rename…
      </button>
      {props.unmountOnClose ? opened && dialog : dialog}
    </>
  );
}

describe('Dialog focus return (issue 15: dialogs return focus)', () => {
  it.each([
    ['kept mounted', false],
    ['rendered only while open', true],
  ])('a dialog (%s) gives the focus back to what opened it when it closes', async (_, unmountOnClose) => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <OpensDialog unmountOnClose={unmountOnClose} />
      </MantineProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Rename…' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('focusReturnTarget: a menu item (gone once the menu closes) gives the button that opened its menu', () => {
    render(
      <>
        <button type="button" aria-controls="menu-1">
          Actions
        </button>
        <div role="menu" id="menu-1">
          <button type="button" role="menuitem">
            Rename
          </button>
        </div>
      </>,
    );
    expect(focusReturnTarget(screen.getByRole('menuitem', { name: 'Rename' }))).toBe(
      screen.getByRole('button', { name: 'Actions' }),
    );
  });

  it('focusReturnTarget: any other element is its own target, and the page body none', () => {
    render(<button type="button">Plain</button>);
    const plain = screen.getByRole('button', { name: 'Plain' });
    expect(focusReturnTarget(plain)).toBe(plain);
    expect(focusReturnTarget(document.body)).toBeNull();
  });
});
