export * from './units.ts';
export * from './constants.ts';
export type * from './tissue/types.ts';
export type * from './anatomy/types.ts';
export * from './sequence/protocol.ts';
export * from './sequence/timeline.ts';
export * from './anatomy/conditions.ts';
export * from './anatomy/registry.ts';
export * from './anatomy/referenceTissue.ts';
export * from './anatomy/modelCoils.ts';
export * from './anatomy/resample.ts';
export * from './anatomy/coils.ts';
export * from './sequence/signal.ts';
export * from './anatomy/labelAsset.ts';
export * from './anatomy/catalogue.ts';
export * from './tissue/library.ts';
export * from './tissue/contrast.ts';
export * from './io/pulseq/index.ts';
export {
  modelFieldMap,
  simulate,
  simulateSlice,
  sliceSeed,
  type ScanResult,
  type SimulateOptions,
} from './simulate/simulate.ts';
export { scoutImages, scoutProtocol, type ScoutImage } from './simulate/scout.ts';
export {
  acquisitionFrame,
  firstPixelCenter,
  scanGeometry,
  type AcquisitionFrame,
  type ImagePlane,
  type ScanGeometry,
} from './simulate/geometry.ts';
export {
  imageNoiseSigma,
  seededRandom,
  unitComplexNoise,
  type NoiseLevel,
  type RandomSource,
  type UnitNoise,
} from './simulate/noise.ts';
export * from './simulate/motion.ts';
export * from './simulate/fieldMap.ts';
export * from './simulate/fast/prepare.ts';
export * from './simulate/fast/render.ts';
export * from './simulate/preview/engine.ts';
export * from './simulate/preview/grey.ts';
export * from './recon/fft.ts';
export * from './recon/fftColumns.ts';
export * from './recon/fftnd.ts';
export * from './recon/image.ts';
export * from './recon/partialFourier.ts';
export * from './recon/window.ts';
export * from './io/dicom/mrImage.ts';
export * from './io/nifti/write.ts';
export * from './io/nifti/bvec.ts';
export * from './sequence/defaults.ts';
export * from './sequence/parameters.ts';
export * from './sequence/validate.ts';
export * from './sequence/derived.ts';
export * from './sequence/timing.ts';
export * from './sequence/steady-state.ts';
export * as bloch from './simulate/bloch/index.ts';
export { buildTimeline, type BuildOptions } from './sequence/build/index.ts';
export * from './settings.ts';
