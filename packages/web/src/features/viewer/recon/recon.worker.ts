/**
 * The k-space view's reconstruction worker: keeps one slice's k-space and answers each request with the
 * magnitude image of a masked copy (inverse FFT, @larmor/mri recon), so large matrices never block the page.
 */
import { expose, transfer } from 'comlink';
import type { ComplexArray } from '@larmor/mri/recon';
import { imageOf, masked, type KSpaceFrame } from '../state/kspace.ts';
import type { ReconWorkerApi } from './recon-messages.ts';

let loaded: { kspace: ComplexArray; frame: KSpaceFrame } | undefined;

const api: ReconWorkerApi = {
  load({ re, im, frame }) {
    loaded = { kspace: { re, im }, frame };
  },
  image(mask) {
    if (!loaded) throw new Error('No k-space loaded');
    const image = imageOf(mask ? masked(loaded.kspace, mask) : loaded.kspace, loaded.frame);
    return transfer(image, [image.buffer]);
  },
};

expose(api);
