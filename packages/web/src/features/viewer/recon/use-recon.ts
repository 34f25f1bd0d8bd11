/** React bindings of the reconstruction client: one worker per shown slice, and the latest image of a channel. */
import { useEffect, useMemo, useState } from 'react';
import type { ComplexArray } from '@larmor/mri/recon';
import { comlinkPort } from '#lib/worker-client.ts';
import type { KSpaceFrame } from '../state/kspace.ts';
import type { ReconWorkerApi } from './recon-messages.ts';
import { createLocalReconClient, createWorkerReconClient, type ReconClient } from './recon-client.ts';

const openWorker = () =>
  comlinkPort<ReconWorkerApi>(new Worker(new URL('./recon.worker.ts', import.meta.url), { type: 'module' }));

/** A client for this k-space: its worker runs while the calling component is mounted. */
export function useReconClient(kspace: ComplexArray, frame: KSpaceFrame): ReconClient {
  const client = useMemo(
    () =>
      typeof Worker === 'undefined'
        ? createLocalReconClient(kspace, frame)
        : createWorkerReconClient(openWorker, kspace, frame),
    [kspace, frame],
  );
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  return client;
}

/** The newest image of `mask` on `channel` (null until the first one arrives). */
export function useReconImage(
  client: ReconClient,
  channel: string,
  mask: Uint8Array | null,
): Float32Array | null {
  const [image, setImage] = useState<Float32Array | null>(null);
  useEffect(() => {
    client.request(channel, mask, setImage);
  }, [client, channel, mask]);
  return image;
}
