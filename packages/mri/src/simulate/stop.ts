/**
 * Stopping a simulation from outside: the edges (a server thread, a web worker) own the signal, e.g. a shared
 * flag another thread sets, and hand the engine a check it calls between pieces of work. The engine stays pure:
 * it only calls the function.
 */

/** True once the caller wants the simulation to stop. Called often: keep it to a load of a flag. */
export type StopCheck = () => boolean;

/** The simulation stopped because its StopCheck said so (a cancelled scan), not because it failed. */
export class SimulationStoppedError extends Error {
  constructor() {
    super('the simulation was stopped');
    this.name = 'SimulationStoppedError';
  }
}

/** Throws SimulationStoppedError when `shouldStop` says so. */
export function throwIfStopped(shouldStop: StopCheck | undefined): void {
  if (shouldStop?.()) throw new SimulationStoppedError();
}
