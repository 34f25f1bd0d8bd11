import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { defaultProtocol } from '@larmor/mri/sequence';
import type { Protocol, Scanner } from '@larmor/mri';
import { derivedValues } from '../state/conflicts.ts';
import { DerivedPanel } from './DerivedPanel.tsx';
import { testScanner } from '@larmor/mri/testing';

const scanner: Scanner = testScanner();
const BRAIN = 1;

function shownSnr(protocol: Protocol): string {
  const { unmount } = render(
    <MantineProvider env="test">
      <DerivedPanel
        derived={derivedValues(protocol, scanner, BRAIN)}
        units={{ distance: 'mm', time: 'ms' }}
      />
    </MantineProvider>,
  );
  const text = `${screen.getByTestId('derived-SNR-term').textContent ?? ''}: ${screen.getByTestId('derived-SNR').textContent ?? ''}`;
  unmount();
  return text;
}

describe('DerivedPanel: the SNR figure follows the contrast (issue 20.7)', () => {
  it('names the reference tissue and falls from TE 15 to 100 ms (SE, TR 2000 ms: 67 % → 21 %)', () => {
    const se = { ...defaultProtocol('SE', scanner), repetitionTime: 2 };
    expect(shownSnr({ ...se, echoTime: 0.015 })).toBe('SNR, white matter: 67 %');
    expect(shownSnr({ ...se, echoTime: 0.1 })).toBe('SNR, white matter: 21 %');
  });

  it('shows about 1 % at TR 10 ms with a 90° spoiled gradient echo', () => {
    const gre = { ...defaultProtocol('GRE', scanner), repetitionTime: 0.01, flipAngle: Math.PI / 2 };
    expect(shownSnr(gre)).toBe('SNR, white matter: 1 %');
  });
});
