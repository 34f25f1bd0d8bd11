/** `@larmor/mri/io`: DICOM MR files, NIfTI volumes and Pulseq sequence files. */
export * from './pulseq/index.ts';
export * from './dicom/mrImage.ts';
export * from './dicom/storedValues.ts';
export * from './nifti/write.ts';
export * from './nifti/bvec.ts';
