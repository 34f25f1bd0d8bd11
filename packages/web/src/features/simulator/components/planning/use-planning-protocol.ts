/**
 * The protocol the planning is drawn from: the one of an earlier render while the planning fields are unchanged
 * (state/planning-protocol.ts), so the memoised localisers are not drawn again on a contrast edit; the new one
 * as soon as a planning field changes (React's "storing information from previous renders").
 */
import { useState } from 'react';
import type { Protocol } from '@larmor/mri';
import { samePlanning } from '../../state/planning-protocol.ts';

export function usePlanningProtocol(protocol: Protocol): Protocol {
  const [kept, setKept] = useState(protocol);
  if (samePlanning(kept, protocol)) return kept;
  setKept(protocol);
  return protocol;
}
