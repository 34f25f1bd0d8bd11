import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../command.ts';
import { runWorker, workerCommand } from './worker.ts';

/** The Redis servers to test against: the one REDIS_URL names, when set. */
const redisUrls = process.env['REDIS_URL'] ? [process.env['REDIS_URL']] : [];

describe('larmor worker', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('fails with a usage error naming REDIS_URL when it is not set', async () => {
    vi.stubEnv('REDIS_URL', '');
    await expect(workerCommand.run([])).rejects.toThrow(UsageError);
    await expect(workerCommand.run([])).rejects.toThrow(/REDIS_URL/);
  });

  it('fails at once, naming the address, when Redis is unreachable', async () => {
    const stop = new AbortController();
    await expect(runWorker('redis://127.0.0.1:1', stop.signal, () => undefined)).rejects.toThrow(
      /cannot reach Redis at redis:\/\/127\.0\.0\.1:1/,
    );
  });

  for (const redisUrl of redisUrls) {
    it('connects to REDIS_URL, waits for scan jobs, and closes its connections when stopped', async () => {
      const stop = new AbortController();
      const lines: string[] = [];
      await runWorker(redisUrl, stop.signal, (line) => {
        lines.push(line);
        if (line.includes('waiting for scan jobs')) stop.abort();
      });
      expect(lines.some((l) => l.includes("queue 'scans'"))).toBe(true);
    });
  }
});
