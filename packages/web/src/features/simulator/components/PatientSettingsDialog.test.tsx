import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ActiveSession, ConfigurationItem } from '@larmor/contracts/sessions';
import { PatientSettingsDialog } from './PatientSettingsDialog.tsx';
import { configurationItemOf as item } from '#entities/session/configuration.testing.ts';

function renderDialog(modelId: number, features: string[] | undefined, configuration: ConfigurationItem[]) {
  const onChange = vi.fn(() => Promise.resolve());
  const active = {
    session: { backend: 'censol' },
    lab: { anatomicalModelId: modelId },
    configuration,
  } as unknown as ActiveSession;
  render(
    <MantineProvider>
      <PatientSettingsDialog
        opened
        onClose={() => undefined}
        active={active}
        features={features}
        onChange={onChange}
      />
    </MantineProvider>,
  );
  return onChange;
}

const HEART = ['Heart Condition', 'Default cardiac phase', 'Breathing mode', 'Physiological motion'];

describe('Patient settings (simulator.md §5)', () => {
  it('shows only the model’s sections: the heart has no brain condition and no contrast', async () => {
    renderDialog(3, HEART, [item('defaultCardiacPhase', 1)]);
    expect(await screen.findByRole('radiogroup', { name: 'Heart condition' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Breathing mode' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Brain condition' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Contrast agent' })).toBeNull();
  });

  it('a default cardiac phase above 20 is saved as 20, and 17–20 read end-diastole', async () => {
    const onChange = renderDialog(3, HEART, [item('defaultCardiacPhase', 18)]);
    expect(await screen.findByText('Phase 18: end-diastole')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: /Default cardiac phase/ });
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith('defaultCardiacPhase', 20);
  });

  it('an out-of-range rotation angle reverts without saving', async () => {
    const onChange = renderDialog(
      1,
      ['Brain Condition'],
      [item('motion', 'rotational'), item('motion_rot_angle', 5)],
    );
    const input = await screen.findByRole('textbox', { name: /Rotation angle/ });
    fireEvent.change(input, { target: { value: '50' } });
    expect(await screen.findByText('Higher than allowed maximum')).toBeTruthy();
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('5');
  });

  it('contrast on a contrast model: volume, time after injection and concentration, with the dose', async () => {
    renderDialog(
      202,
      ['Brain Condition'],
      [item('activate_contrast', 1), item('contrast_volume', 16), item('contrast_concentration', 0.5)],
    );
    expect(await screen.findByRole('textbox', { name: /Volume/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Time after injection/ })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: /Concentration/ })).toBeTruthy();
    expect(screen.getByText(/Dose: 0\.100 mmol\/kg/)).toBeTruthy();
  });

  it('says the model’s settings are loading until its features arrive', async () => {
    renderDialog(3, undefined, []);
    expect(await screen.findByText('Loading the model’s settings…')).toBeTruthy();
  });
});
