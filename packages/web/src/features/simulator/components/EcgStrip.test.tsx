import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { EcgStrip } from './EcgStrip.tsx';

describe('the ECG strip (Display Options: show ECG)', () => {
  it('names the default cardiac phase and marks phases 17–20 as end-diastole', () => {
    render(
      <MantineProvider>
        <EcgStrip phase={18} />
      </MantineProvider>,
    );
    expect(screen.getByRole('img', { name: /default cardiac phase Phase 18, end-diastole/ })).toBeTruthy();
  });
});
