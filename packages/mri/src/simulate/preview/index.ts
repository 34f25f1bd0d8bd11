/** `@larmor/mri/preview`: the live preview's engine and its grey-level mapping (what the preview worker runs). */
export * from './engine.ts';
export * from './grey.ts';
