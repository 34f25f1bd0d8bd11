/**
 * Private redis-server processes for fault tests (never the shared one on 6379, which other tests use): one on
 * a free port, stopped (SIGKILL, as a crash) and started again on the same port, killed when the test file ends.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll } from 'vitest';
import { freePort } from '../test/ports.ts';

/** Whether a redis-server binary is installed (fault tests are skipped without one). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** Every redis-server this file started, killed at the end even when a test fails half-way. */
const servers: ChildProcess[] = [];
afterAll(() => {
  for (const child of servers) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A private redis-server on `port`, without persistence (a restart comes back empty), once it answers. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  servers.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on(
      'data',
      (d: Buffer) => d.toString().includes('Ready to accept connections') && resolve(),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return child;
}

/** Kills `child` (as a crash would) and resolves once it has exited. */
export async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

/** A private Redis that a test stops and starts again on the same address. */
export interface PrivateRedis {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Starts a private Redis on a free port. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child = await startRedis(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopRedis(child),
    async start() {
      child = await startRedis(port);
    },
  };
}
