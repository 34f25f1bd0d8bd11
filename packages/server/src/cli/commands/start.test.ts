import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/ports.ts';

const MAIN = path.resolve(import.meta.dirname, '../../main.ts');

describe('larmor start on an empty embedded database', () => {
  let dataDir = '';
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, seeds and prints the demo accounts, serves on PORT, and exits 0 on SIGTERM', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-start-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      // The embedded default: seeding on start happens on SQLite only.
      DATABASE_URL: '',
    };
    const child = spawn(process.execPath, [MAIN, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(() => output, { timeout: 25_000, interval: 200 })
        .toContain(`http://localhost:${port}`);
      expect(output).toContain('newstudent');
      expect(output).toContain('larmor-admin');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'sqlite' });
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'teacher', password: 'larmor-teacher' }),
      });
      expect(login.status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'larmor.sqlite'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
