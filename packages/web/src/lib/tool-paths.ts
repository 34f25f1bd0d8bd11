/**
 * Where the simulator's tools live (simulator.md §2; issue 13), for the Tools menu to open: the tissue
 * characteristics page, the 3D viewer, the k-space view and, on the timing-bolus model (223) only, the timing-bolus tool (a new
 * tab; the spec's path has no session, so it goes in the query).
 */
import { TIMING_BOLUS_MODEL_ID } from '@larmor/contracts/catalog';

export const toolPaths = {
  tissueCharacteristics: (sessionId: string) => `/tissue-characteristics/${encodeURIComponent(sessionId)}`,
  viewer3d: (sessionId: string) => `/session/${encodeURIComponent(sessionId)}/3d-viewer`,
  /** The k-space view, on `scanId`'s series when given. */
  kspace: (sessionId: string, scanId?: string) =>
    `/session/${encodeURIComponent(sessionId)}/k-space${scanId ? `?series=${encodeURIComponent(scanId)}` : ''}`,
  timingBolus: (sessionId: string) => `/timing-bolus-injection?sessionId=${encodeURIComponent(sessionId)}`,
};

/** Whether the session's model (its catalogue id) offers the timing-bolus tool. */
export const hasTimingBolus = (anatomicalModelId: number): boolean =>
  anatomicalModelId === TIMING_BOLUS_MODEL_ID;
