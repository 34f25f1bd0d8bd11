import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { NumberField } from './NumberField.tsx';

function renderField(props: Partial<Parameters<typeof NumberField>[0]>) {
  return render(
    <MantineProvider env="test">
      <NumberField
        name="echoTime"
        label="TE"
        unit="ms"
        min={5}
        max={100}
        step={1}
        value={50}
        onChange={() => undefined}
        {...props}
      />
    </MantineProvider>,
  );
}

describe('NumberField', () => {
  it("shows 'Higher than allowed maximum' and styles the label invalid when the value is above the maximum", () => {
    renderField({ value: 150 });
    expect(screen.getByText('Higher than allowed maximum')).toBeTruthy();
    expect(screen.getByText('TE', { exact: false }).closest('[data-invalid]')).not.toBeNull();
  });

  it('names the input after the parameter and shows no message for a valid value', () => {
    const { container } = renderField({ value: 20 });
    expect(container.querySelector('input[name="echoTime"]')).not.toBeNull();
    expect(screen.queryByText(/allowed/)).toBeNull();
  });

  it('shows neither message nor invalid label while disabled', () => {
    renderField({ value: 150, disabled: true });
    expect(screen.queryByText('Higher than allowed maximum')).toBeNull();
    expect(screen.getByText('TE', { exact: false }).closest('[data-invalid]')).toBeNull();
  });

  it('steps the value with ArrowUp and ArrowDown in the task after the key, the key itself changing nothing', async () => {
    const onChange = vi.fn();
    renderField({ value: 50, step: 0.1, onChange });
    const input = screen.getByRole('textbox');
    input.focus();
    const up = fireEvent.keyDown(input, { key: 'ArrowUp' });
    // Default prevented (no caret move) and no change yet: the key's own task leaves the page as it is.
    expect(up).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenLastCalledWith(50.1);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(onChange).toHaveBeenLastCalledWith(49.9);
  });

  it('applies held-key steps in order, each from the value the one before left', async () => {
    function Controlled() {
      const [value, setValue] = useState<number | string>(5);
      return (
        <MantineProvider env="test">
          <NumberField
            name="echoTime"
            label="TE"
            min={0}
            max={100}
            step={1}
            value={value}
            onChange={setValue}
          />
        </MantineProvider>
      );
    }
    render(<Controlled />);
    const input = screen.getByRole<HTMLInputElement>('textbox');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(input, { key: 'ArrowUp' });
    await waitFor(() => expect(input.value).toBe('8'));
  });

  it('does not step a read-only or disabled field, nor on other keys', async () => {
    const onChange = vi.fn();
    renderField({ value: 50, readOnly: true, onChange });
    const input = screen.getByRole('textbox');
    expect(fireEvent.keyDown(input, { key: 'ArrowUp' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'ArrowLeft' })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onChange).not.toHaveBeenCalled();
  });
});
