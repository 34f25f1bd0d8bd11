import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { TitledDetailsForm, type TitledDetails } from './TitledDetailsForm.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

function renderForm(title: string, onSave: (details: TitledDetails) => void) {
  renderWithProviders(
    <TitledDetailsForm
      initial={{ title, description: 'About MRI' }}
      programId="p1"
      onSave={onSave}
      save={{ isPending: false, error: null }}
      saveLabel="Save course"
    >
      <p>Further field</p>
    </TitledDetailsForm>,
  );
}

describe('the details form of a program or a course', () => {
  it('shows the title, the page’s own fields and the description, and saves the title trimmed', () => {
    const onSave = vi.fn();
    renderForm(' Contrast ', onSave);
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(' Contrast ');
    expect(screen.getByText('Further field')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save course' }));
    expect(onSave).toHaveBeenCalledWith({ title: 'Contrast', description: 'About MRI' });
  });

  it('keeps Save disabled while the title is blank', () => {
    renderForm('  ', () => undefined);
    expect((screen.getByRole('button', { name: 'Save course' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
