/**
 * A reading-only module's session (model 100001, simulator.md: no New Scan) holds only its prepared series: the
 * student reads them and changes none (no new sequence, no edit, run, move or delete).
 */
import { invalidField } from '../../plugins/errors.ts';
import type { SessionContext } from '../sessions/context.ts';

export const PREPARED_ONLY = 'This module shows prepared series only';

/** 400 `reading_only` in a reading-only module's session. */
export function assertNotPrepared(context: Pick<SessionContext, 'model'>, field = 'id'): void {
  if (context.model.readingOnly) throw invalidField(field, 'reading_only', PREPARED_ONLY);
}
