import { describe, expect, it } from 'vitest';
import { defaultProtocol } from '@larmor/mri/sequence';
import type { Scanner } from '@larmor/mri';
import { initialEditorState, isRefused, protocolEditorReducer } from './protocol-editor.ts';
import { testScanner } from '@larmor/mri/testing';

const scanner: Scanner = testScanner();
const start = () => initialEditorState(defaultProtocol('TSE', scanner), scanner);

describe('protocol editor reducer', () => {
  it('a numeric edit changes that parameter only and marks it dirty', () => {
    const before = start();
    const after = protocolEditorReducer(before, { type: 'edit', key: 'echoTime', value: 0.12 });
    expect(after.protocol).toEqual({ ...before.protocol, echoTime: 0.12 });
    expect(after.dirty).toEqual(['echoTime']);
    expect(before.protocol.echoTime).not.toBe(0.12);
  });

  it('a value out of range is kept as typed (the panel shows the conflict; nothing is adapted)', () => {
    const after = protocolEditorReducer(start(), { type: 'edit', key: 'echoTime', value: 0.0001 });
    expect(after.protocol.echoTime).toBe(0.0001);
  });

  it('non-numeric input is kept as a draft and leaves the protocol unchanged; a number clears the draft', () => {
    const before = start();
    const typed = protocolEditorReducer(before, { type: 'edit', key: 'repetitionTime', value: 'abc' });
    expect(typed.protocol).toBe(before.protocol);
    expect(typed.drafts).toEqual({ repetitionTime: 'abc' });
    expect(protocolEditorReducer(typed, { type: 'edit', key: 'repetitionTime', value: '2' }).drafts).toEqual(
      {},
    );
  });

  it('applying a fix changes exactly the fields it names', () => {
    const after = protocolEditorReducer(start(), { type: 'apply', change: { bandwidthPerPixel: 400 } });
    expect(after.protocol.bandwidthPerPixel).toBe(400);
    expect(after.dirty).toEqual(['bandwidthPerPixel']);
  });

  it('fat saturation, phase direction and orientation are set as chosen; load starts afresh', () => {
    let state = protocolEditorReducer(start(), { type: 'fatSaturation', on: true });
    state = protocolEditorReducer(state, { type: 'phaseDirection', direction: 'row' });
    state = protocolEditorReducer(state, { type: 'orientation', orientation: 'sagittal' });
    expect(state.protocol).toMatchObject({ fatSaturation: true, phaseDirection: 'row' });
    expect(state.protocol.geometry.orientation).toBe('sagittal');
    const reloaded = protocolEditorReducer(state, { type: 'load', protocol: start().protocol, scanner });
    expect(reloaded).toEqual(start());
  });

  it('a planned geometry replaces the stack and leaves every parameter as it was', () => {
    const geometry = { orientation: 'coronal' as const, center: [0.01, -0.02, 0.03] as const, rotation: 0.1 };
    const after = protocolEditorReducer(start(), {
      type: 'geometry',
      geometry: { ...geometry, center: [...geometry.center] },
    });
    expect(after.protocol.geometry).toEqual({ ...geometry, center: [0.01, -0.02, 0.03] });
    expect({ ...after.protocol, geometry: undefined }).toEqual({ ...start().protocol, geometry: undefined });
    expect(after.drafts).toEqual({});
  });
});

describe('what the server refused stays on screen and blocks Run until changed (issue 20.6)', () => {
  const refusal = {
    fields: { sliceCount: 'At most 10 slices are allowed on the free plan' },
    notice: undefined,
  };

  it('a refusal of the protocol on screen puts the message at its field and blocks Run; nothing is changed', () => {
    const typed = protocolEditorReducer(start(), { type: 'edit', key: 'sliceCount', value: 20 });
    const refused = protocolEditorReducer(typed, { type: 'refused', protocol: typed.protocol, refusal });
    expect(refused.protocol).toBe(typed.protocol);
    expect(refused.refusals).toEqual(refusal.fields);
    expect(isRefused(refused)).toBe(true);
  });

  it('editing the refused field clears its message and unblocks Run; editing another field keeps it', () => {
    const typed = protocolEditorReducer(start(), { type: 'edit', key: 'sliceCount', value: 20 });
    const refused = protocolEditorReducer(typed, { type: 'refused', protocol: typed.protocol, refusal });
    const other = protocolEditorReducer(refused, { type: 'edit', key: 'echoTime', value: 0.1 });
    expect(other.refusals).toEqual(refusal.fields);
    expect(isRefused(other)).toBe(true);
    const fixed = protocolEditorReducer(refused, { type: 'edit', key: 'sliceCount', value: 8 });
    expect(fixed.refusals).toEqual({});
    expect(isRefused(fixed)).toBe(false);
  });

  it('a refusal naming no field shows as the notice and blocks Run until the protocol changes', () => {
    const typed = protocolEditorReducer(start(), { type: 'edit', key: 'echoTime', value: 0.1 });
    const notice = 'Not saved: This pulse sequence is running';
    const refused = protocolEditorReducer(typed, {
      type: 'refused',
      protocol: typed.protocol,
      refusal: { fields: {}, notice },
    });
    expect([refused.notice, isRefused(refused)]).toEqual([notice, true]);
    const changed = protocolEditorReducer(refused, { type: 'fatSaturation', on: true });
    expect([changed.notice, isRefused(changed)]).toEqual([undefined, false]);
  });

  it('an answer about a protocol the user has changed since is ignored', () => {
    const first = protocolEditorReducer(start(), { type: 'edit', key: 'sliceCount', value: 20 });
    const second = protocolEditorReducer(first, { type: 'edit', key: 'sliceCount', value: 8 });
    expect(protocolEditorReducer(second, { type: 'refused', protocol: first.protocol, refusal })).toBe(
      second,
    );
    const refused = protocolEditorReducer(second, { type: 'refused', protocol: second.protocol, refusal });
    expect(protocolEditorReducer(refused, { type: 'saved', protocol: first.protocol })).toBe(refused);
  });

  it('storing the protocol on screen clears every refusal and notice', () => {
    const typed = protocolEditorReducer(start(), { type: 'edit', key: 'sliceCount', value: 20 });
    const refused = protocolEditorReducer(typed, {
      type: 'refused',
      protocol: typed.protocol,
      refusal: { fields: refusal.fields, notice: 'Not saved: locked' },
    });
    const saved = protocolEditorReducer(refused, { type: 'saved', protocol: typed.protocol });
    expect([saved.refusals, saved.notice, isRefused(saved)]).toEqual([{}, undefined, false]);
  });

  it('storing the protocol on screen when nothing was refused leaves the state itself (no render for it)', () => {
    const typed = protocolEditorReducer(start(), { type: 'edit', key: 'echoTime', value: 0.09 });
    expect(protocolEditorReducer(typed, { type: 'saved', protocol: typed.protocol })).toBe(typed);
    const failed = protocolEditorReducer(typed, { type: 'failed', message: 'The scan did not start: busy' });
    expect(protocolEditorReducer(failed, { type: 'saved', protocol: typed.protocol }).notice).toBeUndefined();
  });

  it('a failed run shows its message beside Run without blocking it', () => {
    const failed = protocolEditorReducer(start(), {
      type: 'failed',
      message: 'The scan did not start: busy',
    });
    expect([failed.notice, isRefused(failed)]).toEqual(['The scan did not start: busy', false]);
  });

  it('the editor keeps the plan it was opened on across a load', () => {
    const free = initialEditorState(start().protocol, scanner, true);
    expect(protocolEditorReducer(free, { type: 'load', protocol: start().protocol, scanner }).freePlan).toBe(
      true,
    );
  });
});
