/** The converged Bloch reference (issue 23 item 9): a yardstick for the Bloch engines, not a product path. */
export {
  REFERENCE_TOLERANCE,
  simulateConverged,
  type ConvergedOptions,
  type ConvergedSignal,
} from './converged.ts';
