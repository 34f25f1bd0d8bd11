/**
 * The prepared series of a reading-only module (model 100001, issue 24): its starting protocols, which a
 * reading-only module offers no student to edit, are the series its sessions show. A new session of such a
 * module gets one pulse sequence per starting protocol, named by its sequence type, in its first collection,
 * each run at once through the scan queue like any scan (with the module's presets: a locked brain condition
 * shows its lesions), so the viewer shows them as they finish. The student changes none of them
 * (prepared-guard.ts); they may keep and submit them like any series.
 */
import { sequenceTypeOf } from '@larmor/contracts';
import { scannerOf } from '@larmor/mri';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isoNow, newId } from '../../db/ids.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import { runPulseSequence } from '../scans/service.ts';
import type { SessionContext } from '../sessions/context.ts';
import { collectionsOf } from '../sessions/repository.ts';
import { splitProtocol } from './protocol.ts';
import { insertPulseSequences, type PulseSequenceRow } from './repository.ts';
import { startingProtocolOf } from './service.ts';

/**
 * Adds and runs the prepared series of a new session of a reading-only module (nothing for other modules).
 * A series the queue refuses is logged and left unscanned: the session still opens.
 */
export async function openPreparedSeries(
  db: Db,
  runtime: SimulatorRuntime,
  log: FastifyBaseLogger,
  context: SessionContext,
): Promise<void> {
  if (!context.model.readingOnly || context.startingProtocols.length === 0) return;
  const [collection] = await collectionsOf(db, context.session.id);
  if (!collection) return;
  const scanner = scannerOf(context.configuration);
  const now = isoNow();
  const rows = context.startingProtocols.map((starting, index): PulseSequenceRow => {
    const split = splitProtocol(startingProtocolOf(context, starting.sequenceType, scanner));
    return {
      id: newId(),
      session_id: context.session.id,
      collection_id: collection.id,
      scheme_id: starting.sequenceType,
      name: sequenceTypeOf(starting.sequenceType)?.name ?? `Series ${index + 1}`,
      parameters: JSON.stringify(split.parameters),
      spatials: JSON.stringify(split.spatials),
      changed_since_scan: 0,
      created_at: now,
      updated_at: now,
      seqnum: index + 1,
    };
  });
  await insertPulseSequences(db, rows);
  for (const row of rows) {
    try {
      await runPulseSequence(db, runtime, log, context, row.id, { prepared: true });
    } catch (error) {
      log.warn({ err: error, pulseSequenceId: row.id }, 'prepared series not run');
    }
  }
}
