/**
 * What the fault tests of scans share (a Redis or a blob store that goes away or stops answering): a session with
 * one small sequence, and polling with generous bounds rather than sleeping.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sequenceInSession } from '../../test/simulator.ts';

/** A generous bound on a one-slice 32² scan on a loaded CI machine [ms]. */
export const SCAN_BOUND_MS = 60_000;

/** Resolves once `check` holds; throws naming `what` after `timeoutMs`. */
export async function untilTrue(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The stored row of `scanId` once it is no longer running. */
export async function scanEnded(db: Kysely<Database>, scanId: string) {
  const row = () => db.selectFrom('sim_scans').selectAll().where('id', '=', scanId).executeTakeFirstOrThrow();
  await untilTrue(async () => (await row()).status !== 'running', SCAN_BOUND_MS, `scan ${scanId} ends`);
  return row();
}

/** A session of the world's student with one small spin-echo sequence (one 32² slice). */
export async function smallSequence(app: FastifyInstance, db: Kysely<Database>) {
  const { h, sessionId, sequence } = await sequenceInSession(app, db);
  return {
    h,
    sessionId,
    sequenceId: sequence.id,
    runUrl: `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/run`,
  };
}

/** A TCP server that accepts connections and never answers (a frozen store): its address and a close. */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
