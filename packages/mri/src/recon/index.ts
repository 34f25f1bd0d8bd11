/** `@larmor/mri/recon`: FFTs, images from k-space, partial Fourier and display windows. */
export * from './fft.ts';
export * from './fftColumns.ts';
export * from './fftnd.ts';
export * from './image.ts';
export * from './partialFourier.ts';
export * from './window.ts';
