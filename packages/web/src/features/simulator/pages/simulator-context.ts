/** What the wrapper hands the simulator's pages (react-router outlet context). */
import { useOutletContext } from 'react-router';
import type { ActiveSession } from '@larmor/contracts/sessions';

export interface SimulatorContext {
  active: ActiveSession;
  sessionId: string;
  /** Shows Session expired (a call answered 700701). */
  expire: () => void;
  /** Leaves for the module page (or /dashboard without a program). */
  closeModule: () => void;
}

export function useSimulatorContext(): SimulatorContext {
  return useOutletContext<SimulatorContext>();
}
