/**
 * The Bloch engine (`censol`) on a scan snapshot: the map step (`simulateSpinChunk`, one contiguous run of a
 * slice's spins) and the reduce step (`blochSliceImage`, the chunks' signals summed and reconstructed). Signals
 * are sums over spins (bloch/scan.ts), so the sum over chunks is the slice's signal whatever the split.
 *
 * A slice's spins are the `blochSlicePhantom` of its acquisition frame (`sliceIsochromats` per pixel through the
 * slice's centre, with the slice's through-plane partial volume; `isochromats` per spin for T2*), its timeline
 * the builder's for that slice (`buildTimeline(…, { slice })`), one ideal receive coil. The
 * image is reconstructed like bloch/recon.ts `blochMagnitudeImage` (centred inverse FFT, oversampled
 * lines cropped, transposed when phase runs along rows), with thermal noise of the fast engine's σ per pixel
 * (noise.ts `imageNoiseSigma`, same image units: M⊥ per unit PD) from the slice's seed added to the complex image
 * before the magnitude. The k-space returned is the acquired signal before thermal noise. With susceptibility
 * on, each spin precesses off resonance by the model's field map where it stands (blochPhantom.ts), so gradient
 * echoes lose signal with TE near air, spin echoes refocus it and EPI trains displace it along the phase
 * direction, all from the Bloch equations. Settings of the fast engine alone (motion, coil-array receive,
 * partial-Fourier reconstruction mode) do not
 * apply here, except the partial-Fourier reconstruction mode: with partial Fourier the timeline reads lines
 * [0, acquired) (as the fast engine does) and the image is reconstructed like the fast engine's
 * (recon/partialFourier.ts, homodyne unless the snapshot says otherwise). A timeline that misses an acquired
 * line fails in `blochKSpace` with a message naming it.
 */
import type { AnatomicalModel } from '../anatomy/types.ts';
import { kspaceToImage2d } from '../recon/image.ts';
import { partialFourierLines, partialFourierRecon } from '../recon/partialFourier.ts';
import { axesOf } from '../sequence/build/context.ts';
import { buildTimeline } from '../sequence/build/index.ts';
import type { SequenceTimeline } from '../sequence/timeline.ts';
import type { TissueAtField } from '../tissue/types.ts';
import {
  adcEchoIndices,
  adcLines,
  adcReadLines,
  blochKSpace,
  readAxisOf,
  selectAdcEvents,
  type ReadLine,
} from './bloch/recon.ts';
import type { Protocol } from '../sequence/protocol.ts';
import { readoutKind } from '../sequence/timing.ts';
import { simulateBloch } from './bloch/engine.ts';
import { framePhantom } from './bloch/framePhantom.ts';
import { blochPhantomOptions } from './blochPhantom.ts';
import { adcSampleTimes } from './bloch/plan.ts';
import { addSignals, emptySignal, type BlochSignal } from './bloch/scan.ts';
import { sliceSpins } from './bloch/spins.ts';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame } from './geometry.ts';
import { imageNoiseSigma, seededRandom, unitComplexNoise } from './noise.ts';
import { sliceSeed } from './simulate.ts';
import type { PartContext, ScanSnapshot, SliceOutput } from './scanSnapshot.ts';

/** The acquisition frame and timeline of one slice of a snapshot. */
function sliceAcquisition(
  snapshot: ScanSnapshot,
  slice: number,
): { frame: AcquisitionFrame; timeline: SequenceTimeline } {
  const { protocol, scanner } = snapshot;
  const plane = scanGeometry(protocol).slices[slice];
  if (!plane) throw new RangeError(`slice ${slice} outside 0…${protocol.sliceCount - 1}`);
  return {
    frame: acquisitionFrame(protocol, plane),
    timeline: buildTimeline(protocol, scanner, { slice }),
  };
}

/**
 * The signal of spins [⌊c·n/C⌋, ⌊(c+1)·n/C⌋) of slice `part.slice` (chunk c of C over its n spins); an empty
 * chunk gives an all-zero signal with the timeline's sample times. From `context`: the engine's kernels and stop
 * check, the model's susceptibility field map when the snapshot's susceptibility is on (snapshot.ts
 * `snapshotFieldMap`; the caller's, not computed here), and the slice cache that keeps the slice's phantom for
 * the next part or scan of the same geometry (sliceCache.ts).
 */
export function simulateSpinChunk(
  snapshot: ScanSnapshot,
  model: AnatomicalModel,
  tissues: readonly (TissueAtField | undefined)[],
  part: { slice: number; chunk: number; chunks: number },
  context: PartContext = {},
): BlochSignal {
  const { chunk, chunks } = part;
  if (!(Number.isInteger(chunks) && chunks >= 1 && Number.isInteger(chunk) && chunk >= 0 && chunk < chunks))
    throw new RangeError(`spin chunk ${chunk} of ${chunks} does not exist`);
  const { frame, timeline } = sliceAcquisition(snapshot, part.slice);
  const { isochromats, sliceIsochromats } = snapshot.simulation;
  const { fieldMap, sliceCache, kernels, shouldStop } = context;
  const options = blochPhantomOptions(frame, timeline, snapshot.protocol, {
    ...(isochromats === undefined ? {} : { isochromats }),
    ...(sliceIsochromats === undefined ? {} : { sliceIsochromats }),
    ...(fieldMap ? { fieldMap } : {}),
  });
  const build = () => framePhantom(model, frame, tissues, options);
  const spins = sliceCache ? sliceCache.phantom(model, frame, tissues, options, build) : build();
  const start = Math.floor((chunk * spins.count) / chunks);
  const end = Math.floor(((chunk + 1) * spins.count) / chunks);
  if (end <= start) return emptySignal(adcSampleTimes(timeline), 1);
  // The engine reads the spins and never writes them (it copies them into its workspace), so the whole phantom,
  // kept or not, goes in as it is.
  const chunkSpins = start === 0 && end === spins.count ? spins : sliceSpins(spins, start, end);
  return simulateBloch(
    { timeline, spins: chunkSpins },
    { ...(kernels ? { kernels } : {}), ...(shouldStop ? { shouldStop } : {}) },
  );
}

/**
 * The ADC events of the image the session serves: every event, except for a multi-echo gradient echo (Dixon,
 * SWI with `echoTimes`), whose served image is the echo at TE (the fast engine's, signal.ts), the echo of each
 * excitation closest to TE in `echoTimes`.
 */
function servedEchoEvents(protocol: Protocol, timeline: SequenceTimeline): number[] {
  const echoes = adcEchoIndices(timeline);
  const all = echoes.map((_, e) => e);
  const tes = protocol.echoTimes ?? [];
  if (readoutKind(protocol.family) !== 'gradientEcho' || tes.length < 2) return all;
  const served = tes.reduce(
    (best, te, k) =>
      Math.abs(te - protocol.echoTime) < Math.abs((tes[best] ?? 0) - protocol.echoTime) ? k : best,
    0,
  );
  return all.filter((e) => echoes[e] === served);
}

/** Slice `slice`'s image and k-space from the signals of all its spin chunks. */
export function blochSliceImage(
  snapshot: ScanSnapshot,
  slice: number,
  signals: readonly BlochSignal[],
): SliceOutput {
  const { protocol, scanner } = snapshot;
  const { frame, timeline } = sliceAcquisition(snapshot, slice);
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const keep = servedEchoEvents(protocol, timeline);
  const signal = selectAdcEvents(addSignals(signals), nu, keep);
  const allLines = adcLines(timeline, axesOf(protocol).phase, frame);
  const allRead = adcReadLines(timeline, readAxisOf(frame), frame);
  const lines = keep.map((e) => allLines[e] as number);
  const read = keep.map((e) => allRead[e] as ReadLine);
  const acquired = protocol.partialFourier < 1 ? partialFourierLines(nv, protocol.partialFourier) : nv;
  const kspace = blochKSpace(signal, lines, frame, read, acquired);
  const image =
    acquired < nv
      ? partialFourierRecon(kspace, nv, nu, acquired, snapshot.simulation.partialFourierMode ?? 'homodyne')
      : kspaceToImage2d(kspace, nv, nu);
  const sigma = imageNoiseSigma(protocol, scanner, snapshot.simulation.noiseLevel);
  if (sigma > 0) {
    const noise = unitComplexNoise(nu * nv, seededRandom(sliceSeed(snapshot.seed, slice)));
    for (let i = 0; i < nu * nv; i++) {
      image.re[i] = (image.re[i] as number) + sigma * (noise.re[i] as number);
      image.im[i] = (image.im[i] as number) + sigma * (noise.im[i] as number);
    }
  }
  const kept = frame.phaseMatrix;
  const first = (nv - kept) / 2;
  const rows = frame.transposed ? nu : kept;
  const columns = frame.transposed ? kept : nu;
  const magnitude = new Float32Array(nu * kept);
  for (let v = 0; v < kept; v++)
    for (let u = 0; u < nu; u++) {
      const at = (first + v) * nu + u;
      const value = Math.hypot(image.re[at] as number, image.im[at] as number);
      magnitude[frame.transposed ? u * columns + v : v * columns + u] = value;
    }
  return {
    slice,
    rows,
    columns,
    magnitude,
    kspaceRe: Float32Array.from(kspace.re),
    kspaceIm: Float32Array.from(kspace.im),
    receiveChannels: 1,
  };
}
