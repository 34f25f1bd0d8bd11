import { describe, expect, it } from 'vitest';
import { dataReducer, type DataState } from './data-state.ts';

interface Course {
  title: string;
  seats: number;
}

describe('dataReducer (platform-shell.md §4 generic data state)', () => {
  it('goes loading -> value, and setting a value ends loading and clears an earlier error', () => {
    let state: DataState<Course> = {};
    state = dataReducer(state, { type: 'startLoading', key: 'c1' });
    expect(state.c1).toEqual({ loading: true, value: undefined, error: undefined });
    state = dataReducer(state, { type: 'setError', key: 'c1', error: 'offline' });
    expect(state.c1).toEqual({ loading: false, value: undefined, error: 'offline' });
    state = dataReducer(state, { type: 'setValue', key: 'c1', value: { title: 'MRI 101', seats: 20 } });
    expect(state.c1).toEqual({ loading: false, value: { title: 'MRI 101', seats: 20 }, error: undefined });
  });

  it('updates one property of a value and ignores updates of a missing value', () => {
    const state = dataReducer<Course>(
      {},
      { type: 'setValue', key: 'c1', value: { title: 'MRI 101', seats: 20 } },
    );
    expect(
      dataReducer(state, { type: 'updateProperty', key: 'c1', property: 'seats', value: 25 }).c1?.value,
    ).toEqual({
      title: 'MRI 101',
      seats: 25,
    });
    expect(dataReducer(state, { type: 'updateProperty', key: 'c2', property: 'seats', value: 1 })).toBe(
      state,
    );
  });

  it('stops loading, clears one key and wipes all', () => {
    let state = dataReducer<Course>({}, { type: 'startLoading', key: 'a' });
    state = dataReducer(state, { type: 'startLoading', key: 'b' });
    expect(dataReducer(state, { type: 'stopLoading', key: 'a' }).a?.loading).toBe(false);
    expect(Object.keys(dataReducer(state, { type: 'clear', key: 'a' }))).toEqual(['b']);
    expect(dataReducer(state, { type: 'wipeAll' })).toEqual({});
  });
});
