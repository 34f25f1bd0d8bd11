/** `@larmor/mri/testing`: builders for tests (scanners, protocols, phantoms, snapshots, agreement regions). */
export * from './scanner.testing.ts';
export * from './simulate/snapshot.testing.ts';
export * from './simulate/fast/phantom.testing.ts';
export * from './simulate/agreement/regions.testing.ts';
export * from './sequence/protocol.testing.ts';
export * from './simulate/susceptibility.testing.ts';
