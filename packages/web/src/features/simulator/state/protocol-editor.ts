/**
 * The parameter panel's state as a pure reducer (STYLE.md §6): the protocol being edited (SI, @larmor/mri),
 * the text of fields that do not hold a number yet, and the scanner it is checked against. An edit changes only
 * the field edited; a conflict is resolved only by a fix the user picks (conflicts.ts), never silently.
 */
import type { ParameterKey } from '@larmor/mri/sequence/parameters';
import type {
  PhaseDirection,
  Protocol,
  Scanner,
  SliceGeometry,
  SliceOrientation,
} from '@larmor/mri/sequence/protocol';

export interface ProtocolEditorState {
  protocol: Protocol;
  scanner: Scanner;
  /** Fields whose input does not parse as a number: what the user typed (shown with "This field is required"). */
  drafts: Partial<Record<ParameterKey, string>>;
  /** Fields changed since the last `load` (what a save sends). */
  dirty: readonly ParameterKey[];
}

/** A change a fix or an edit makes: parameters [SI]. */
export type ParameterChange = Partial<Pick<Protocol, ParameterKey>>;

export type ProtocolEditorAction =
  | { type: 'load'; protocol: Protocol; scanner: Scanner }
  | { type: 'edit'; key: ParameterKey; value: number | string }
  | { type: 'apply'; change: ParameterChange }
  | { type: 'fatSaturation'; on: boolean }
  | { type: 'phaseDirection'; direction: PhaseDirection }
  | { type: 'orientation'; orientation: SliceOrientation }
  /** The stack planned on a localiser or typed in the Geometry card (centre [m], rotation [rad]). */
  | { type: 'geometry'; geometry: SliceGeometry }
  | { type: 'bValues'; values: readonly number[] }
  /** A multi-echo scan's echo times [s], ascending; TE is the first of them. */
  | { type: 'echoTimes'; values: readonly number[] }
  | { type: 'scanner'; scanner: Scanner };

export function initialEditorState(protocol: Protocol, scanner: Scanner): ProtocolEditorState {
  return { protocol, scanner, drafts: {}, dirty: [] };
}

function withDirty(dirty: readonly ParameterKey[], keys: readonly ParameterKey[]): readonly ParameterKey[] {
  const next = new Set(dirty);
  for (const key of keys) next.add(key);
  return [...next];
}

/** A typed value as a number, or undefined when it is empty or not numeric. */
export function parseTyped(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

export function protocolEditorReducer(
  state: ProtocolEditorState,
  action: ProtocolEditorAction,
): ProtocolEditorState {
  switch (action.type) {
    case 'load':
      return initialEditorState(action.protocol, action.scanner);
    case 'edit': {
      const number = parseTyped(action.value);
      if (number === undefined) {
        return { ...state, drafts: { ...state.drafts, [action.key]: String(action.value) } };
      }
      const { [action.key]: _cleared, ...drafts } = state.drafts;
      return {
        ...state,
        protocol: { ...state.protocol, [action.key]: number },
        drafts,
        dirty: withDirty(state.dirty, [action.key]),
      };
    }
    case 'apply': {
      const keys = Object.keys(action.change) as ParameterKey[];
      const drafts = Object.fromEntries(
        Object.entries(state.drafts).filter(([key]) => !keys.includes(key as ParameterKey)),
      );
      return {
        ...state,
        protocol: { ...state.protocol, ...action.change },
        drafts,
        dirty: withDirty(state.dirty, keys),
      };
    }
    case 'fatSaturation':
      return { ...state, protocol: { ...state.protocol, fatSaturation: action.on } };
    case 'phaseDirection':
      return { ...state, protocol: { ...state.protocol, phaseDirection: action.direction } };
    case 'orientation':
      return {
        ...state,
        protocol: {
          ...state.protocol,
          geometry: { ...state.protocol.geometry, orientation: action.orientation },
        },
      };
    case 'geometry':
      return { ...state, protocol: { ...state.protocol, geometry: action.geometry } };
    case 'bValues':
      return { ...state, protocol: { ...state.protocol, bValues: action.values } };
    case 'echoTimes':
      return {
        ...state,
        protocol: {
          ...state.protocol,
          echoTimes: action.values,
          echoTime: action.values[0] ?? state.protocol.echoTime,
        },
      };
    case 'scanner':
      return { ...state, scanner: action.scanner };
  }
}
