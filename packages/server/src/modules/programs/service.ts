/** Moved to modules/content/programs/service.ts (issue 25.2); this re-export goes once `node tools/codemods/content-module.mjs --remove-shims` has run. */
export * from '../content/programs/service.ts';
