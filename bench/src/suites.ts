import type { BenchSuite } from './suite.ts';

/** Every benchmark suite, in the order `npm run bench` runs them. Add a suite by adding one line here. */
export const suites: BenchSuite[] = [];
