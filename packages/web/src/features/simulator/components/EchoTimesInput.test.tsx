import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { defaultProtocol, REFERENCE_SCANNER, validateProtocol } from '@larmor/mri/sequence';
import { initialEditorState, protocolEditorReducer } from '../state/protocol-editor.ts';
import { EchoTimesInput, withEchoTime } from './EchoTimesInput.tsx';

const dixon = defaultProtocol('Dixon', REFERENCE_SCANNER);
const MS = { time: 'ms', distance: 'mm' } as const;

describe('the echo times of a multi-echo scan (issue 12: multi-echo TEs editable)', () => {
  it('shows each echo in the time unit, and a change dispatches the echoes ascending', () => {
    const dispatch = vi.fn();
    render(
      <MantineProvider env="test">
        <EchoTimesInput protocol={dixon} units={MS} dispatch={dispatch} />
      </MantineProvider>,
    );
    const second = screen.getByRole('textbox', { name: /TE 2 of 2/ });
    fireEvent.change(second, { target: { value: '9.5' } });
    expect(dispatch).toHaveBeenLastCalledWith({
      type: 'echoTimes',
      values: [dixon.echoTimes?.[0], 0.0095],
    });
  });

  it('keeps the echoes ascending and TE on the first echo', () => {
    expect(withEchoTime([0.002, 0.0045], 1, 0.001)).toEqual([0.001, 0.002]);
    const state = protocolEditorReducer(initialEditorState(dixon, REFERENCE_SCANNER), {
      type: 'echoTimes',
      values: [0.0031, 0.0062],
    });
    expect(state.protocol.echoTimes).toEqual([0.0031, 0.0062]);
    expect(state.protocol.echoTime).toBe(0.0031);
  });

  it('leaves the limits to the engine: echoes closer than a readout are a conflict', () => {
    const first = dixon.echoTimes?.[0] ?? 0;
    const violations = validateProtocol({ ...dixon, echoTimes: [first, first + 1e-4] }, REFERENCE_SCANNER);
    expect(violations.some((v) => v.parameter === 'echoTimes')).toBe(true);
  });

  it('shows nothing for a single-echo scan', () => {
    const { container } = render(
      <MantineProvider env="test">
        <EchoTimesInput protocol={defaultProtocol('GRE', REFERENCE_SCANNER)} units={MS} dispatch={vi.fn()} />
      </MantineProvider>,
    );
    expect(container.querySelector('input')).toBeNull();
  });
});
