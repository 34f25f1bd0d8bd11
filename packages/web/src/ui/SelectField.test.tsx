import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { SelectField } from './SelectField.tsx';

function renderSelect(props: Partial<Parameters<typeof SelectField<{ id: string; name: string }>>[0]>) {
  return render(
    <MantineProvider env="test">
      <SelectField<{ id: string; name: string }>
        name="anatomy"
        label="Anatomy"
        options={[]}
        getOptionLabel={(o) => o.name}
        getOptionValue={(o) => o.id}
        {...props}
      />
    </MantineProvider>,
  );
}

describe('SelectField (platform-shell.md §9 select defaults)', () => {
  it("shows 'Select...' and, without options, 'No options'", async () => {
    renderSelect({});
    const input = screen.getByPlaceholderText('Select...');
    await userEvent.setup().click(input);
    expect(await screen.findByText('No options')).toBeTruthy();
  });

  it("shows 'Loading...' while its options load", async () => {
    renderSelect({ loading: true, options: [{ id: 'b', name: 'Brain' }] });
    await userEvent.setup().click(screen.getByPlaceholderText('Select...'));
    expect(await screen.findByText('Loading...')).toBeTruthy();
  });

  it('lists options by the label getter', async () => {
    renderSelect({
      options: [
        { id: 'b', name: 'Brain' },
        { id: 'k', name: 'Knee' },
      ],
    });
    await userEvent.setup().click(screen.getByPlaceholderText('Select...'));
    expect(await screen.findByText('Knee')).toBeTruthy();
  });
});

describe('SelectField paging (platform-shell.md §9 select page size 5)', () => {
  const organs = ['Brain', 'Knee', 'Spine', 'Heart', 'Liver', 'Kidney', 'Hip', 'Ankle'].map((name) => ({
    id: name.toLowerCase(),
    name,
  }));
  const highlighted = () => document.querySelector('[data-combobox-selected]')?.textContent;

  it('Page Down moves the highlight 5 options on and stops at the last; Page Up moves 5 back and stops at the first', async () => {
    renderSelect({ options: organs });
    const user = userEvent.setup();
    await user.click(screen.getByPlaceholderText('Select...'));
    await screen.findByText('Ankle');
    await user.keyboard('{PageDown}');
    expect(highlighted()).toBe('Liver');
    await user.keyboard('{PageDown}');
    expect(highlighted()).toBe('Ankle');
    await user.keyboard('{PageUp}');
    expect(highlighted()).toBe('Spine');
    await user.keyboard('{PageUp}');
    expect(highlighted()).toBe('Brain');
  });
});
