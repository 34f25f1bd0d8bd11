import { describe, expect, it } from 'vitest';
import { defaultProtocol } from '@larmor/mri/sequence/defaults';
import type { Scanner } from '@larmor/mri/sequence/protocol';
import { initialEditorState, protocolEditorReducer } from './protocol-editor.ts';

const scanner: Scanner = { b0: 1.5, maxGradient: 0.045, maxSlewRate: 200, coil: 'body' };
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
