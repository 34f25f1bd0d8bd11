/**
 * Test support: a private PostgreSQL server that a test may stop and start, and a TCP proxy in front of a
 * database that a test may freeze. The shared PostgreSQL on 127.0.0.1:5432 serves every other test file, so
 * outage tests never touch it.
 *
 * The server is Debian's (initdb/pg_ctl under /usr/lib/postgresql/<version>/bin), in a temporary data
 * directory, on a free port, with trust authentication. PostgreSQL refuses to run as root: as root it runs as
 * the `postgres` user (runuser).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/ports.ts';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** Whether a `postgres` system user exists (root must run the server as it). */
function postgresUserExists(): boolean {
  try {
    return /^postgres:/m.test(fs.readFileSync('/etc/passwd', 'utf8'));
  } catch {
    return false;
  }
}

/**
 * The folder of Debian's PostgreSQL server binaries (newest version), or undefined when they are not
 * installed or cannot be run here (as root without a `postgres` user).
 */
export function postgresBinDir(): string | undefined {
  if (!fs.existsSync(POSTGRES_ROOT)) return undefined;
  if (process.getuid?.() === 0 && !postgresUserExists()) return undefined;
  const versions = fs
    .readdirSync(POSTGRES_ROOT)
    .filter((v) => fs.existsSync(path.join(POSTGRES_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(POSTGRES_ROOT, versions[0], 'bin');
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  /** Whether the server was started last, not stopped. */
  readonly running: boolean;
  /** Stops the server (fast shutdown: sessions are ended with 57P01, as a restart does). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its data directory. */
  destroy(): Promise<void>;
}

/** Creates and starts a private PostgreSQL server in a temporary directory (a few seconds). */
export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const pgRun = (tool: string, args: string[]) => {
    const binary = path.join(binDir, tool);
    return asRoot
      ? run('runuser', ['-u', 'postgres', '--', binary, ...args], { cwd: dir })
      : run(binary, args, { cwd: dir });
  };
  await pgRun('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const pgCtl = (...args: string[]) =>
    pgRun('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  const start = async () => {
    await pgCtl('-o', serverOptions, 'start');
  };
  const stop = async () => {
    await pgCtl('-m', 'fast', 'stop');
  };
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    get running() {
      return running;
    },
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop();
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FreezableProxy {
  readonly port: number;
  /** From now on bytes in either direction are held back: the database seems to hang. */
  freeze(): void;
  /** Delivers what was held back and forwards again. */
  thaw(): void;
  /**
   * Cuts every open connection, then accepts new ones and never answers them: a database host that hangs
   * rather than refuses.
   */
  hang(): void;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 to the database on `targetPort`. */
export async function startProxy(targetPort: number): Promise<FreezableProxy> {
  let frozen = false;
  let hanging = false;
  const sockets = new Set<net.Socket>();
  const waiting: (() => void)[] = [];
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (frozen) waiting.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    if (hanging) return;
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('proxy has no port');
  return {
    port: address.port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const deliver of waiting.splice(0)) deliver();
    },
    hang() {
      hanging = true;
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
