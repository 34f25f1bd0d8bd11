/** @larmor/contracts: what server and web agree on (DESIGN.md §1). Subpaths (`@larmor/contracts/auth`) work too. */
export * from './errors.ts';
export * from './roles.ts';
export * from './constants.ts';
export * from './config.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './me.ts';
export * from './identities.ts';
export * from './maintenance.ts';
export * from './health.ts';
export * from './mail.ts';
export * from './users.ts';
export * from './organisations.ts';
