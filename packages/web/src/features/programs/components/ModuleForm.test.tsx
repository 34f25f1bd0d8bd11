import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ModuleOptions } from '@larmor/contracts/catalog';
import { ModuleForm } from './ModuleForm.tsx';
import { EMPTY_MODULE_FORM, moduleBody, type ModuleFormState } from './module-form-state.ts';
import { modelOption } from './model-option.testing.ts';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const OPTIONS: ModuleOptions = { anatomicalModels: [modelOption({})], sequenceTypes: [] };
const LABEL = 'Release the automatic grade at once';

function renderForm(initial: ModuleFormState, onSubmit: (state: ModuleFormState) => void) {
  renderWithProviders(
    <MemoryRouter>
      <ModuleForm
        initial={initial}
        programId="prog1"
        options={OPTIONS}
        submitLabel="Save module"
        saving={false}
        onSubmit={onSubmit}
      />
    </MemoryRouter>,
  );
}

describe('the module form: release the automatic grade at once (issue 27.4)', () => {
  const valid: ModuleFormState = { ...EMPTY_MODULE_FORM, title: 'Make CSF bright', anatomicalModelId: 1 };

  it('is off for a new module; checking it sends releaseAutomaticGrade: true with the module', () => {
    const onSubmit = vi.fn<(state: ModuleFormState) => void>();
    renderForm(valid, onSubmit);
    const box = screen.getByRole('checkbox', { name: LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save module' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const state = onSubmit.mock.calls[0]?.[0];
    expect(state && moduleBody(state).releaseAutomaticGrade).toBe(true);
  });

  it("shows a module's stored setting checked, and unchecking it sends false", () => {
    const onSubmit = vi.fn<(state: ModuleFormState) => void>();
    renderForm({ ...valid, releaseAutomaticGrade: true }, onSubmit);
    const box = screen.getByRole('checkbox', { name: LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save module' }));
    const state = onSubmit.mock.calls[0]?.[0];
    expect(state && moduleBody(state).releaseAutomaticGrade).toBe(false);
  });
});
