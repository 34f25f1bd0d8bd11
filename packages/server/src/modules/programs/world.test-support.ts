/** Moved to modules/content/programs/world.test-support.ts (issue 25.2); this re-export goes once `node tools/codemods/content-module.mjs --remove-shims` has run. */
export * from '../content/programs/world.test-support.ts';
