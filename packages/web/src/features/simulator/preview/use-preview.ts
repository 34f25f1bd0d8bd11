/**
 * The live preview as a hook: one module worker per page (new URL('./preview.worker.ts', import.meta.url)), a
 * request whenever the protocol, scanner, noise level or susceptibility setting changes, and the newest answer in a small store. Only the
 * preview's own component subscribes to it (`usePreviewState`): an answer repaints the canvas without rendering the
 * workspace around it again (its parameter panel, localisers and viewer), which cost a React render of the whole
 * screen per frame (issue 20, "Speed": input to paint).
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { Protocol, Scanner } from '@larmor/mri';
import type { NoiseLevel } from '@larmor/mri/simulate';
import { comlinkPort } from '#lib/worker-client.ts';
import { createPreviewClient, type PreviewAnswer, type PreviewClient } from './preview-client.ts';
import type { PreviewWorkerApi } from './preview-messages.ts';
import type { PreviewModelSettings } from './preview-model.ts';

export type PreviewState =
  { status: 'starting' } | { status: 'unavailable' } | { status: 'shown'; answer: PreviewAnswer };

/** The newest preview state, to subscribe to (useSyncExternalStore's contract). */
export interface PreviewStore {
  subscribe(listener: () => void): () => void;
  get(): PreviewState;
}

/** The preview of a page: its answers, and a request made at once for a protocol the page is about to show. */
export interface LivePreview {
  store: PreviewStore;
  /**
   * Asks for `protocol`'s preview now (from an input's handler, before React renders the edit), with the
   * model, scanner and noise level last rendered: the worker computes while the page renders; the render's own
   * request for the same protocol is then not made again (preview-client.ts). False when no request was made (no
   * worker, or the same preview as the last request).
   */
  requestNow(protocol: Protocol): boolean;
}

export function createPreviewStore(initial: PreviewState): PreviewStore & { set(state: PreviewState): void } {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => state,
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

export function usePreview(
  modelId: number,
  settings: PreviewModelSettings,
  protocol: Protocol | undefined,
  scanner: Scanner,
  noiseLevel: NoiseLevel,
  susceptibility = false,
): LivePreview {
  const [store] = useState(() =>
    createPreviewStore(typeof Worker === 'undefined' ? { status: 'unavailable' } : { status: 'starting' }),
  );
  const client = useRef<PreviewClient | undefined>(undefined);

  useEffect(() => {
    if (typeof Worker === 'undefined') return undefined;
    const worker = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
    client.current = createPreviewClient(comlinkPort<PreviewWorkerApi>(worker), (answer) =>
      store.set({ status: 'shown', answer }),
    );
    return () => {
      client.current?.dispose();
      client.current = undefined;
    };
  }, [store]);

  useEffect(() => {
    if (protocol)
      client.current?.request({ modelId, settings, protocol, scanner, noiseLevel, susceptibility });
  }, [modelId, settings, protocol, scanner, noiseLevel, susceptibility]);

  const rendered = useRef({ modelId, settings, scanner, noiseLevel, susceptibility });
  useLayoutEffect(() => {
    rendered.current = { modelId, settings, scanner, noiseLevel, susceptibility };
  }, [modelId, settings, scanner, noiseLevel, susceptibility]);
  const requestNow = useCallback(
    (next: Protocol) => client.current?.request({ ...rendered.current, protocol: next }) ?? false,
    [],
  );

  return useMemo(() => ({ store, requestNow }), [store, requestNow]);
}

/** The newest preview state of `store`: the component calling it renders again on each answer, nothing else. */
export function usePreviewState(store: PreviewStore): PreviewState {
  return useSyncExternalStore(store.subscribe, store.get);
}
