import { blochSuite } from './bloch.ts';
import { apiSuite } from './api.ts';
import { fastSuite } from './fast.ts';
import type { BenchSuite } from './suite.ts';
import { webSuite } from './web.ts';
import { sessionsSuite } from './sessions.ts';
import { gradingSuite } from './grading.ts';

/** Every benchmark suite, in the order `npm run bench` runs them. Add a suite by adding one line here. */
export const suites: BenchSuite[] = [blochSuite, apiSuite, fastSuite, webSuite, sessionsSuite, gradingSuite];
