/**
 * The parameter panel's state as a pure reducer (STYLE.md §6): the protocol being edited (SI, @larmor/mri),
 * the text of fields that do not hold a number yet, the scanner and plan it is checked against, and what the
 * server refused of it. An edit changes only the field edited; a conflict is resolved only by a fix the user
 * picks (conflicts.ts), never silently. What is on screen is what runs (issue 20.6): a protocol the server
 * refused stays on screen with the server's message at its fields and cannot run until the user changes it.
 */
import type { ParameterKey } from '@larmor/mri/sequence';
import type { PhaseDirection, Protocol, Scanner, SliceGeometry, SliceOrientation } from '@larmor/mri';

export interface ProtocolEditorState {
  protocol: Protocol;
  scanner: Scanner;
  /** The session is on the free plan: its limits are the inputs' limits (@larmor/mri `planDefinitions`). */
  freePlan: boolean;
  /** Fields whose input does not parse as a number: what the user typed (shown with "This field is required"). */
  drafts: Partial<Record<ParameterKey, string>>;
  /** Fields changed since the last `load` (what a save sends). */
  dirty: readonly ParameterKey[];
  /** The server's message at each field it refused (PATCH 400 validation map), until that field is edited. */
  refusals: Partial<Record<string, string>>;
  /** The protocol the server last refused while it is still the one on screen: Run waits for a change. */
  refused: Protocol | undefined;
  /** A refusal or failure that names no field of the panel (a lock, a failed run), shown beside Run. */
  notice: string | undefined;
}

/** What the server refused of a save: the message at each named field, and what names none. */
export interface Refusal {
  fields: Partial<Record<string, string>>;
  notice: string | undefined;
}

/** A change a fix or an edit makes: parameters [SI]. */
export type ParameterChange = Partial<Pick<Protocol, ParameterKey>>;

export type ProtocolEditorAction =
  | { type: 'load'; protocol: Protocol; scanner: Scanner; freePlan?: boolean }
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
  | { type: 'scanner'; scanner: Scanner }
  /** The server stored `protocol` (PATCH answered 2xx). */
  | { type: 'saved'; protocol: Protocol }
  /** The server refused to store `protocol`. */
  | { type: 'refused'; protocol: Protocol; refusal: Refusal }
  /** A call that stores nothing failed (run, cancel): its message. */
  | { type: 'failed'; message: string };

export function initialEditorState(
  protocol: Protocol,
  scanner: Scanner,
  freePlan = false,
): ProtocolEditorState {
  return {
    protocol,
    scanner,
    freePlan,
    drafts: {},
    dirty: [],
    refusals: {},
    refused: undefined,
    notice: undefined,
  };
}

/** Whether the server refused what is on screen: Run stays disabled until the user changes it. */
export function isRefused(state: ProtocolEditorState): boolean {
  return state.refused === state.protocol || Object.keys(state.refusals).length > 0;
}

/** `state` after a change of `keys` (or of the geometry and choices: no key): their refusals are cleared. */
function changed(
  state: ProtocolEditorState,
  protocol: Protocol,
  keys: readonly string[] = [],
): ProtocolEditorState {
  const refusals = Object.fromEntries(Object.entries(state.refusals).filter(([key]) => !keys.includes(key)));
  return { ...state, protocol, refusals, notice: undefined };
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
      return initialEditorState(action.protocol, action.scanner, action.freePlan ?? state.freePlan);
    case 'edit': {
      const number = parseTyped(action.value);
      if (number === undefined) {
        return { ...state, drafts: { ...state.drafts, [action.key]: String(action.value) } };
      }
      const { [action.key]: _cleared, ...drafts } = state.drafts;
      return {
        ...changed(state, { ...state.protocol, [action.key]: number }, [action.key]),
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
        ...changed(state, { ...state.protocol, ...action.change }, keys),
        drafts,
        dirty: withDirty(state.dirty, keys),
      };
    }
    case 'fatSaturation':
      return changed(state, { ...state.protocol, fatSaturation: action.on }, ['fatSaturation']);
    case 'phaseDirection':
      return changed(state, { ...state.protocol, phaseDirection: action.direction }, ['phaseDirection']);
    case 'orientation':
      return changed(state, {
        ...state.protocol,
        geometry: { ...state.protocol.geometry, orientation: action.orientation },
      });
    case 'geometry':
      return changed(state, { ...state.protocol, geometry: action.geometry });
    case 'bValues':
      return changed(state, { ...state.protocol, bValues: action.values }, ['bValues']);
    case 'echoTimes':
      return changed(
        state,
        {
          ...state.protocol,
          echoTimes: action.values,
          echoTime: action.values[0] ?? state.protocol.echoTime,
        },
        ['echoTimes', 'echoTime'],
      );
    case 'scanner':
      return { ...state, scanner: action.scanner };
    case 'saved':
      // An answer for a protocol the user has changed since says nothing about the one on screen; one that
      // clears nothing leaves the state as it is (the workspace does not render again for it).
      return action.protocol === state.protocol &&
        (Object.keys(state.refusals).length > 0 || state.refused !== undefined || state.notice !== undefined)
        ? { ...state, refusals: {}, refused: undefined, notice: undefined }
        : state;
    case 'refused':
      return action.protocol === state.protocol
        ? {
            ...state,
            refusals: action.refusal.fields,
            refused: state.protocol,
            notice: action.refusal.notice,
          }
        : state;
    case 'failed':
      return { ...state, notice: action.message };
  }
}
