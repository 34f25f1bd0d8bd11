/**
 * `@larmor/mri`: the simulator's model — SI units and physical constants, the protocol and scanner, the settings
 * a session's configuration gives (`simulatorSettingsOf`, `scannerOf`, `motionOf`), the sequence timeline and
 * the scan snapshot, and the types of tissues and anatomical models. The engine's functions live behind the
 * other entry points (package.json `exports`): `/sequence` (defaults, limits, timing, timeline builder),
 * `/simulate` (the fast engine and the scan path), `/bloch`, `/preview`, `/anatomy`, `/tissue`, `/recon`, `/io`,
 * `/grade`, and `/testing` for tests.
 */
export * from './units.ts';
export * from './constants.ts';
export * from './settings.ts';
export * from './sequence/protocol.ts';
export * from './sequence/timeline.ts';
export * from './simulate/scanSnapshot.ts';
export type * from './tissue/types.ts';
export type * from './anatomy/types.ts';
