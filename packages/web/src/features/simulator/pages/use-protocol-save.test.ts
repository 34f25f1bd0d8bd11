import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { defaultProtocol } from '@larmor/mri/sequence';
import type { Protocol, Scanner } from '@larmor/mri';
import type { ProtocolEditorAction } from '../state/protocol-editor.ts';
import { useProtocolSave } from './use-protocol-save.ts';
import { testScanner } from '@larmor/mri/testing';

const scanner: Scanner = testScanner();
const SESSION_ID = '11111111-1111-4111-8111-111111111111';
const SEQUENCE_ID = '22222222-2222-4222-8222-222222222222';
const stored = defaultProtocol('SE', scanner);

/** The PATCH answer for `protocol`: the pulse sequence as the server presents it. */
function answerFor(protocol: Protocol): PulseSequence {
  const { family: _family, geometry, ...parameters } = protocol;
  return {
    id: SEQUENCE_ID,
    sessionId: SESSION_ID,
    collectionId: '33333333-3333-4333-8333-333333333333',
    pulseSequenceSchemeId: 5,
    name: 'Spin Echo (SE)',
    seqnum: 1,
    family: 'SE',
    parameters,
    spatials: geometry,
    status: 'runnable',
    lastScan: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** Answers each PATCH with the next of `answers` once `gate` resolves; returns the bodies sent. */
function stubPatch(
  answers: ((body: { parameters: Partial<Protocol> }) => Response)[],
  gate = Promise.resolve(),
) {
  const sent: { parameters: Partial<Protocol> }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const body = (await request.json()) as { parameters: Partial<Protocol> };
    sent.push(body);
    await gate;
    const answer = answers[sent.length - 1];
    if (!answer) throw new Error(`unexpected PATCH ${sent.length}`);
    return answer(body);
  });
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const accept = (protocol: Protocol) => () => json(200, answerFor(protocol));
const refuse = () =>
  json(400, {
    error: {
      message: 'At most 10 slices are allowed on the free plan',
      code: 400400,
      cause: 'validation',
      validation: { 'parameters.sliceCount': 'free-plan' },
    },
  });

function renderSave() {
  const actions: ProtocolEditorAction[] = [];
  const onSaved = vi.fn();
  const { result } = renderHook(() =>
    useProtocolSave({
      sessionId: SESSION_ID,
      sequenceId: SEQUENCE_ID,
      initial: stored,
      dispatch: (action) => actions.push(action),
      shownKeys: () => new Set(['sliceCount']),
      onSaved,
    }),
  );
  return { save: result.current, actions, onSaved };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('saving the protocol on screen before it runs (issue 20.6: what you see is what you scan)', () => {
  it('a refused protocol answers false with the message at its field, and is sent again when Run asks for it', async () => {
    const typed = { ...stored, sliceCount: 20 };
    const sent = stubPatch([refuse, refuse]);
    const { save, actions, onSaved } = renderSave();
    expect(await save(typed)).toBe(false);
    expect(actions).toEqual([
      {
        type: 'refused',
        protocol: typed,
        refusal: {
          fields: { sliceCount: 'At most 10 slices are allowed on the free plan' },
          notice: undefined,
        },
      },
    ]);
    // Run with the same protocol on screen asks the server again: it is never taken as stored.
    expect(await save(typed)).toBe(false);
    expect(sent.map((b) => b.parameters.sliceCount)).toEqual([20, 20]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a save asked while another is under way waits for it, and a protocol already stored is not sent again', async () => {
    const typed = { ...stored, sliceCount: 8 };
    const { promise: gate, resolve: open } = Promise.withResolvers<undefined>();
    const sent = stubPatch([accept(typed)], gate);
    const { save, actions } = renderSave();
    const debounced = save(typed);
    const run = save(typed);
    open(undefined);
    expect(await Promise.all([debounced, run])).toEqual([true, true]);
    expect(sent).toHaveLength(1);
    expect(actions).toEqual([{ type: 'saved', protocol: typed }]);
  });

  it('the protocol the editor opened with is not sent', async () => {
    const sent = stubPatch([]);
    const { save } = renderSave();
    expect(await save(stored)).toBe(true);
    expect(sent).toEqual([]);
  });
});
