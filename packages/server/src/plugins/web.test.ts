import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../test/helper.ts';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-web-dist-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>Larmor</title></head><body><div id="root"></div></body></html>',
);
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'assets', 'app.js'), 'console.log("larmor")');

afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe.each(databases)('static web app on %s', (kind) => {
  const t = useTestApp(kind, { webDistDir: distDir, environment: 'staging' });

  it('serves index.html at / and the built files as they are', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>Larmor</title>');
    const script = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.body).toBe('console.log("larmor")');
  });

  it('answers index.html for client-side routes outside /api', async () => {
    for (const url of ['/admin/users', '/activate-account/abc', '/reset-password/xyz?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('writes the server environment into index.html, for / and /index.html too (the app reads it)', async () => {
    for (const url of ['/', '/index.html', '/analytics']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="larmor-environment" content="staging"></head>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.cause).toBe('not_found');
  });
});
