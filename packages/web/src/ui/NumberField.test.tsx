import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
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
});
