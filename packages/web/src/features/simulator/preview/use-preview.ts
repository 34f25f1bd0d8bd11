/**
 * The live preview as a hook: one module worker per page (new URL('./preview.worker.ts', import.meta.url)), a
 * request whenever the protocol, scanner or noise level changes, and the newest answer.
 */
import { useEffect, useRef, useState } from 'react';
import type { Protocol, Scanner } from '@larmor/mri/sequence/protocol';
import type { NoiseLevel } from '@larmor/mri/simulate/noise';
import { createPreviewClient, type PreviewAnswer, type PreviewClient } from './preview-client.ts';
import type { PreviewModelSettings } from './preview-model.ts';

export type PreviewState =
  { status: 'starting' } | { status: 'unavailable' } | { status: 'shown'; answer: PreviewAnswer };

export function usePreview(
  modelId: number,
  settings: PreviewModelSettings,
  protocol: Protocol | undefined,
  scanner: Scanner,
  noiseLevel: NoiseLevel,
): PreviewState {
  const [state, setState] = useState<PreviewState>(() =>
    typeof Worker === 'undefined' ? { status: 'unavailable' } : { status: 'starting' },
  );
  const client = useRef<PreviewClient | undefined>(undefined);

  useEffect(() => {
    if (typeof Worker === 'undefined') return undefined;
    const worker = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
    client.current = createPreviewClient(worker, (answer) => setState({ status: 'shown', answer }));
    return () => {
      client.current?.dispose();
      client.current = undefined;
    };
  }, []);

  useEffect(() => {
    if (protocol) client.current?.request({ modelId, settings, protocol, scanner, noiseLevel });
  }, [modelId, settings, protocol, scanner, noiseLevel]);

  return state;
}
