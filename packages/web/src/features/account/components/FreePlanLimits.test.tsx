import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { FreePlanLimits } from './FreePlanLimits.tsx';

describe('FreePlanLimits (platform-shell.md §9 free version limits)', () => {
  it('lists the 1.5 T scanner, Brain and Knee, SE and GRE sequences and the three parameters', () => {
    render(
      <MantineProvider env="test">
        <FreePlanLimits />
      </MantineProvider>,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1.5 T scanner',
      'Brain and Knee',
      'SE and GRE sequences',
      'The parameters FOV, matrix/resolution and slices',
    ]);
  });
});
