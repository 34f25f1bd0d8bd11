import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { TopBar } from './TopBar.tsx';

function renderTopBar(
  modelId: number,
  hasIsocenter = false,
  onDialog: (dialog: string) => void = () => undefined,
) {
  const noop = () => undefined;
  render(
    <MantineProvider env="test">
      <TopBar
        sessionId="s-1"
        labName="Make CSF bright"
        modelId={modelId}
        hasIsocenter={hasIsocenter}
        units={{ distance: 'mm', time: 'ms' }}
        onUnits={noop}
        advancedNotifications={false}
        onAdvancedNotifications={noop}
        scheme="dark"
        onScheme={noop}
        onDialog={onDialog}
        status="Idle"
        hasSequences={false}
        scanRunning={false}
        onNewScan={noop}
        closing={false}
        onSaveAndClose={noop}
      />
    </MantineProvider>,
  );
}

describe('the simulator Tools menu (simulator.md §2, issue 13)', () => {
  it.each([
    ['Tissue characteristics', '/tissue-characteristics/s-1'],
    ['3D viewer', '/session/s-1/3d-viewer'],
    ['K-space', '/session/s-1/k-space'],
  ])('opens %s of this session in a new tab', async (item, path) => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    renderTopBar(1);
    fireEvent.click(screen.getByRole('button', { name: 'Tools' }));
    await user.click(await screen.findByRole('menuitem', { name: item }));
    expect(open).toHaveBeenLastCalledWith(path, '_blank', 'noopener');
  });

  it('has no timing-bolus tool off the timing-bolus model', async () => {
    renderTopBar(1);
    fireEvent.click(screen.getByRole('button', { name: 'Tools' }));
    expect(await screen.findByRole('menuitem', { name: /Image viewer/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Timing bolus injection' })).toBeNull();
  });

  it('adds the timing-bolus tool on the timing-bolus model (223)', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    renderTopBar(223);
    fireEvent.click(screen.getByRole('button', { name: 'Tools' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Timing bolus injection' }));
    expect(open).toHaveBeenLastCalledWith('/timing-bolus-injection?sessionId=s-1', '_blank', 'noopener');
  });
});

/** How long a menu may take to open on a loaded test machine [ms] (its transition runs on timers). */
const MENU_WAIT_MS = 5_000;

describe('Isocenter, Patient settings and Display Options in the top bar (simulator.md §2)', () => {
  it(
    'Isocenter is disabled on a model without the Isocenter feature, and its shortcuts do nothing',
    async () => {
      const onDialog = vi.fn();
      renderTopBar(1, false, onDialog);
      fireEvent.click(screen.getByRole('button', { name: 'Tools' }));
      const item = await screen.findByRole(
        'menuitem',
        { name: /Isocenter: Whole Body/ },
        { timeout: MENU_WAIT_MS },
      );
      expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
      window.dispatchEvent(new KeyboardEvent('keydown', { code: 'Digit3', ctrlKey: true, shiftKey: true }));
      expect(onDialog).not.toHaveBeenCalled();
    },
    3 * MENU_WAIT_MS,
  );

  it('with the feature, Ctrl+Shift+3 opens Whole Body and Ctrl+Shift+4 Regions', () => {
    const onDialog = vi.fn();
    renderTopBar(10, true, onDialog);
    const press = (code: string) =>
      window.dispatchEvent(new KeyboardEvent('keydown', { code, ctrlKey: true, shiftKey: true }));
    press('Digit3');
    press('Digit4');
    expect(onDialog.mock.calls).toEqual([['isocenter-whole-body'], ['isocenter-regions']]);
  });

  it.each([
    ['Settings', 'Patient settings', 'patient'],
    ['Tools', 'Display Options', 'display'],
  ])(
    '%s › %s opens its dialog',
    async (menu, item, dialog) => {
      const onDialog = vi.fn();
      renderTopBar(1, false, onDialog);
      fireEvent.click(screen.getByRole('button', { name: menu }));
      fireEvent.click(await screen.findByRole('menuitem', { name: item }, { timeout: MENU_WAIT_MS }));
      expect(onDialog).toHaveBeenCalledWith(dialog);
    },
    3 * MENU_WAIT_MS,
  );
});
