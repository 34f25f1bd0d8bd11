/**
 * API throughput: `POST /api/login` (argon2id verification dominates) and `GET /api/me/` (token verification
 * plus three queries) with autocannon, against the real server on 127.0.0.1 (random free port) over the
 * embedded SQLite file, and over PostgreSQL when DATABASE_URL is set. Rate limits are off for the run.
 * At 50 concurrent connections for 5 s each (every request must succeed): `<db>.<call>.perSec` [req/s] and
 * `<db>.<call>.p99.ms` [ms]. Then under load, 300 concurrent connections for 20 s each (issue 8):
 * `<db>.load300.<call>.perSec`, `.p99.ms` and `.errors` (non-2xx answers, socket errors and timeouts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '@larmor/server/db/database';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import pg from 'pg';
import { contentFigures } from './api-content.ts';
import { DEMO_STUDENT, startDemoApp } from './demo-app.ts';
import { studentsFigures } from './api-students.ts';
import type { BenchSuite } from './suite.ts';

const CONNECTIONS = 50;
const DURATION_S = 5;
/** The load the outside testing ran (issue 8): 300 concurrent clients. */
const LOAD_CONNECTIONS = 300;
const LOAD_DURATION_S = 20;
/** A request not answered within this long counts as an error (autocannon's `timeout`) [s]. */
const LOAD_TIMEOUT_S = 30;

interface Target {
  name: 'sqlite' | 'postgres';
  open(): Promise<DatabaseHandle>;
  cleanUp(): Promise<void>;
}

function sqliteTarget(dataDir: string): Target {
  return {
    name: 'sqlite',
    open: async () => openDatabase({ sqlitePath: path.join(dataDir, 'bench.sqlite') }),
    cleanUp: async () => undefined,
  };
}

function postgresTarget(databaseUrl: string): Target {
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  async function admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  }
  return {
    name: 'postgres',
    open: async () => {
      await admin(`create schema ${schema}`);
      return openDatabase({ databaseUrl, postgresSchema: schema, poolSize: 20 });
    },
    cleanUp: () => admin(`drop schema if exists ${schema} cascade`),
  };
}

interface Measured {
  perSec: number;
  p99Ms: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
}

async function run(options: AutocannonOptions): Promise<Measured> {
  // The load generator runs in a worker thread so that it does not share the server's event loop.
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, workers: 1, ...options });
  return {
    perSec: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** A run at the regular load, where every request must succeed. */
async function measure(options: AutocannonOptions): Promise<Measured> {
  const measured = await run(options);
  if (measured.errors > 0) {
    throw new Error(`${options.method ?? 'GET'} ${options.url}: ${measured.errors} failed requests`);
  }
  return measured;
}

/** A run at LOAD_CONNECTIONS, whose failures are a figure rather than an error. */
const underLoad = (options: AutocannonOptions): Promise<Measured> =>
  run({ connections: LOAD_CONNECTIONS, duration: LOAD_DURATION_S, timeout: LOAD_TIMEOUT_S, ...options });

/** `<prefix>.perSec`, `<prefix>.p99.ms` and, when `withErrors`, `<prefix>.errors`. */
function figuresOf(prefix: string, measured: Measured, withErrors = false): Record<string, number> {
  return {
    [`${prefix}.perSec`]: measured.perSec,
    [`${prefix}.p99.ms`]: measured.p99Ms,
    ...(withErrors ? { [`${prefix}.errors`]: measured.errors } : {}),
  };
}

async function runTarget(target: Target, dataDir: string): Promise<Record<string, number>> {
  const database = await target.open();
  const { app, address, accessToken } = await startDemoApp(database, dataDir, DEMO_STUDENT);
  try {
    const json = { 'content-type': 'application/json' };
    const content = await contentFigures(target.name, address, accessToken, measure);
    const loginCall: AutocannonOptions = {
      url: `${address}/api/login`,
      method: 'POST',
      headers: json,
      body: JSON.stringify(DEMO_STUDENT),
    };
    const meCall: AutocannonOptions = {
      url: `${address}/api/me/`,
      headers: { authorization: `Bearer ${accessToken}` },
    };
    const students = await studentsFigures(target.name, address, database.db, measure);
    return {
      ...content,
      ...students,
      ...figuresOf(`${target.name}.login`, await measure(loginCall)),
      ...figuresOf(`${target.name}.me`, await measure(meCall)),
      ...figuresOf(`${target.name}.load300.login`, await underLoad(loginCall), true),
      ...figuresOf(`${target.name}.load300.me`, await underLoad(meCall), true),
    };
  } finally {
    await app.close();
    await database.close();
    await target.cleanUp();
  }
}

export const apiSuite: BenchSuite = {
  name: 'api',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-bench-'));
    const databaseUrl = process.env['DATABASE_URL'];
    const targets = [sqliteTarget(dataDir), ...(databaseUrl ? [postgresTarget(databaseUrl)] : [])];
    const figures: Record<string, number> = {};
    try {
      for (const target of targets) Object.assign(figures, await runTarget(target, dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};
