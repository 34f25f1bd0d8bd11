/**
 * The pieces of the multi-process scale-out test: a PostgreSQL database of its own, a Redis logical database of
 * its own (keys isolated; BullMQ's default prefix unchanged, as `larmor start` and `larmor worker` use it), an
 * s3rver, and `larmor` processes spawned from this checkout and always killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

const MAIN = path.resolve(import.meta.dirname, '../../main.ts');

/** A fresh PostgreSQL database on the server of `adminUrl`; answers its URL and how to drop it. */
export async function freshDatabase(adminUrl: string) {
  const name = `larmor_scale_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * An empty Redis logical database (1–15) on the server of `redisUrl`, with a marker key that keeps another run of
 * this test from taking it; answers its URL and how to empty it again.
 */
export async function freshRedisDatabase(redisUrl: string) {
  for (const index of [...Array(15).keys()].map((i) => i + 1).sort(() => Math.random() - 0.5)) {
    const url = new URL(redisUrl);
    url.pathname = `/${index}`;
    const redis = new Redis(url.toString(), { lazyConnect: true });
    await redis.connect();
    const taken = (await redis.dbsize()) > 0 || (await redis.set('larmor-test:owner', '1', 'NX')) !== 'OK';
    if (taken) {
      redis.disconnect();
      continue;
    }
    return {
      url: url.toString(),
      async drop() {
        await redis.flushdb();
        redis.disconnect();
      },
    };
  }
  throw new Error('no empty Redis logical database (1–15) for the scale-out test');
}

export interface LarmorProcess {
  readonly child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code or signal once it has exited. */
  readonly exited: Promise<number | string | null>;
}

/** Spawns `larmor <command>` from this checkout with `env` over the test's environment. */
export function spawnLarmor(command: 'start' | 'worker', env: NodeJS.ProcessEnv): LarmorProcess {
  const child = spawn(process.execPath, [MAIN, command], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, output: () => text, exited };
}

/** Stops `process` (SIGTERM, then SIGKILL after `graceMs`) and waits for its exit. */
export async function stopLarmor(larmor: LarmorProcess, graceMs = 5_000): Promise<void> {
  if (larmor.child.exitCode !== null || larmor.child.signalCode !== null) return;
  larmor.child.kill('SIGTERM');
  const timer = setTimeout(() => larmor.child.kill('SIGKILL'), graceMs);
  await larmor.exited;
  clearTimeout(timer);
}

/** Waits until `base`/api/health answers 200, or throws with what the process printed. */
export async function untilHealthy(base: string, larmor: LarmorProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (larmor.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`larmor did not become healthy at ${base}:\n${larmor.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
