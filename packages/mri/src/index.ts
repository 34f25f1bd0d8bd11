export * from './units.ts';
export * from './constants.ts';
export type * from './tissue/types.ts';
export type * from './anatomy/types.ts';
export * from './sequence/protocol.ts';
export * from './sequence/timeline.ts';
