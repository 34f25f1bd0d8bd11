/**
 * The load run's client (sessions-load.ts), on a worker thread of its own so that its timers, fetches and
 * bookkeeping do not share the server's event loop: the latencies it reports are the server's answers as a
 * separate client sees them. It sends each session's keepalive and instance-state read every keepaliveMs (spread
 * evenly over the interval) and starts scansPerMinute scans, one session after another, for durationMs.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadSession {
  id: string;
  sequenceId: string;
  headers: Record<string, string>;
}

export interface LoadClientInput {
  address: string;
  sessions: LoadSession[];
  durationMs: number;
  keepaliveMs: number;
  scansPerMinute: number;
}

export interface LoadClientOutput {
  latencies: number[];
  errors: number;
  scans: { sessionId: string; scanId: string }[];
}

async function run(input: LoadClientInput): Promise<LoadClientOutput> {
  const { address, sessions, durationMs, keepaliveMs, scansPerMinute } = input;
  const latencies: number[] = [];
  let errors = 0;
  const timed = async (url: string, headers: Record<string, string>) => {
    const started = performance.now();
    try {
      const res = await fetch(`${address}/api/${url}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - started);
  };
  const timers: NodeJS.Timeout[] = [];
  const end = Date.now() + durationMs;
  sessions.forEach((session, i) => {
    const start = setTimeout(
      () => {
        const tick = () => {
          if (Date.now() > end) return;
          void timed(`v1/sessions/${session.id}/keepalive`, session.headers);
          void timed(`v1/sessions/${session.id}/instance-state`, session.headers);
        };
        tick();
        timers.push(setInterval(tick, keepaliveMs));
      },
      (i * keepaliveMs) / sessions.length,
    );
    timers.push(start);
  });
  const scans: LoadClientOutput['scans'] = [];
  let next = 0;
  const runner = setInterval(() => {
    if (Date.now() > end) return;
    const session = sessions[next++ % sessions.length];
    if (!session) return;
    fetch(`${address}/api/v1/sessions/${session.id}/pulse-sequences/${session.sequenceId}/run`, {
      method: 'POST',
      headers: session.headers,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`run answered ${res.status}`);
        const scan = (await res.json()) as { id: string };
        scans.push({ sessionId: session.id, scanId: scan.id });
      })
      .catch(() => errors++);
  }, 60_000 / scansPerMinute);
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  clearInterval(runner);
  for (const t of timers) clearInterval(t);
  // Calls still in flight finish (or fail) before the figures are taken.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return { latencies, errors, scans };
}

if (parentPort) {
  const port = parentPort;
  void run(workerData as LoadClientInput).then((output) => port.postMessage(output));
}
