/**
 * The k-space view's reconstruction worker: keeps one slice's k-space and answers each request with the
 * magnitude image of a masked copy (inverse FFT, @larmor/mri recon), so large matrices never block the page.
 */
import type { ComplexArray } from '@larmor/mri/recon';
import { imageOf, masked, type KSpaceFrame } from '../state/kspace.ts';
import type { ReconRequest, ReconResponse } from './recon-messages.ts';

let loaded: { kspace: ComplexArray; frame: KSpaceFrame } | undefined;

addEventListener('message', (event: MessageEvent<ReconRequest>) => {
  const message = event.data;
  if (message.type === 'load') {
    loaded = { kspace: { re: message.re, im: message.im }, frame: message.frame };
    return;
  }
  if (!loaded) return;
  const kspace = message.mask ? masked(loaded.kspace, message.mask) : loaded.kspace;
  const image = imageOf(kspace, loaded.frame);
  const response: ReconResponse = { id: message.id, image };
  postMessage(response, { transfer: [image.buffer] });
});
