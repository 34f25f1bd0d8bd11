/**
 * The generic data state of platform-shell.md §4 as a pure reducer: start loading, stop loading, set value,
 * update one property, set error, clear, wipe all. Pages keep keyed slices of it (one per loaded thing).
 */

export interface DataSlice<T> {
  loading: boolean;
  value: T | undefined;
  error: string | undefined;
}

export type DataState<T> = Record<string, DataSlice<T>>;

export type DataAction<T> =
  | { type: 'startLoading'; key: string }
  | { type: 'stopLoading'; key: string }
  | { type: 'setValue'; key: string; value: T }
  | { type: 'updateProperty'; key: string; property: keyof T & string; value: T[keyof T] }
  | { type: 'setError'; key: string; error: string }
  | { type: 'clear'; key: string }
  | { type: 'wipeAll' };

const EMPTY: DataSlice<never> = { loading: false, value: undefined, error: undefined };

function slice<T>(state: DataState<T>, key: string): DataSlice<T> {
  return state[key] ?? EMPTY;
}

export function dataReducer<T extends object>(state: DataState<T>, action: DataAction<T>): DataState<T> {
  switch (action.type) {
    case 'wipeAll':
      return {};
    case 'clear': {
      const { [action.key]: _removed, ...rest } = state;
      return rest;
    }
    case 'startLoading':
      return { ...state, [action.key]: { ...slice(state, action.key), loading: true, error: undefined } };
    case 'stopLoading':
      return { ...state, [action.key]: { ...slice(state, action.key), loading: false } };
    case 'setValue':
      return { ...state, [action.key]: { loading: false, value: action.value, error: undefined } };
    case 'updateProperty': {
      const current = slice(state, action.key);
      if (current.value === undefined) return state;
      return {
        ...state,
        [action.key]: { ...current, value: { ...current.value, [action.property]: action.value } },
      };
    }
    case 'setError':
      return { ...state, [action.key]: { ...slice(state, action.key), loading: false, error: action.error } };
  }
}
