import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode } from 'fast-png';
import { afterAll, describe, expect, it } from 'vitest';
import { scannerOf } from '@larmor/mri';
import { UsageError } from '../command.ts';
import { escapeHtml, galleryPage } from '../render/gallery-page.ts';
import { GALLERY_CONTRASTS, GALLERY_ORIENTATIONS, galleryCommand, galleryProtocol } from './gallery.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('larmor gallery', () => {
  it('refuses an unknown model, a bad matrix and a missing --out with a usage error naming the flag', async () => {
    await expect(galleryCommand.run(['--models', 'brain'])).rejects.toThrow(/--out is required/);
    await expect(galleryCommand.run(['--out', '/tmp/x', '--models', 'liver'])).rejects.toThrow(
      /--models: no model liver; the models are brain, knee/,
    );
    await expect(galleryCommand.run(['--out', '/tmp/x', '--matrix', '7'])).rejects.toBeInstanceOf(UsageError);
  });

  it('scans each picture at the model’s field of view in the asked orientation, a protocol the scanner accepts', () => {
    const scanner = scannerOf({ b0field: 1.5, coil: 'body' });
    const t2 = GALLERY_CONTRASTS[1];
    const knee = galleryProtocol('knee', [0, 0, 0], t2, 'sagittal', 256, scanner);
    expect([knee.fovRead, knee.fovPhase, knee.geometry.orientation]).toEqual([0.16, 0.16, 'sagittal']);
    expect([knee.family, knee.repetitionTime, knee.echoTime, knee.echoTrainLength]).toEqual([
      'TSE',
      4,
      0.1,
      16,
    ]);
    expect(galleryProtocol('shoulder-2', [0.01, 0, -0.04], t2, 'axial', 128, scanner)).toMatchObject({
      fovRead: 0.24,
      geometry: { center: [0.01, 0, -0.04] },
    });
  });

  it('writes a T1 and a T2 picture per orientation and a page that names the model, its credit and each picture', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'larmor-gallery-'));
    dirs.push(out);
    await galleryCommand.run(['--out', out, '--models', 'brain', '--matrix', '64', '--threads', '1']);
    for (const contrast of GALLERY_CONTRASTS) {
      for (const orientation of GALLERY_ORIENTATIONS) {
        const png = decode(readFileSync(path.join(out, 'brain', `${contrast.key}-${orientation}.png`)));
        expect([png.width, png.height]).toEqual([64, 64]);
        // Not blank: the head fills a good part of a 240 mm field.
        const lit = Array.from(png.data).filter((v) => v > 20).length / png.data.length;
        expect(lit, `${contrast.key} ${orientation}`).toBeGreaterThan(0.2);
      }
    }
    const page = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(page).toContain('<h2 id="brain">');
    expect(page).toContain('Colin27');
    expect(page.match(/<img /g)).toHaveLength(6);
    expect(page).not.toMatch(/https?:\/\//);
  });

  it('escapes what HTML gives a meaning to, and says "No data" without models', () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
    expect(galleryPage([], 256)).toContain('<p>No data</p>');
  });
});
