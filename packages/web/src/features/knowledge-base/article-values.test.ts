/**
 * The numbers the articles quote are the engine's (issue 24: "values true to the engine"): each is computed here
 * from @larmor/mri — the tissue library at 1.5 T and 3 T, the signal equation, the SNR law, the SAR estimate and
 * the contrast model — and must appear in the article as written, so a change in the engine that an article
 * does not follow fails here.
 */
import { describe, expect, it } from 'vitest';
import { scannerOf, type Protocol, type SequenceFamily } from '@larmor/mri';
import {
  acquisitionSnrPercent,
  defaultProtocol,
  sarEstimate,
  scanTime,
  tissueSignal,
} from '@larmor/mri/sequence';
import {
  GADOBUTROL,
  bolusTissueConcentration,
  contrastDose,
  contrastEnhancedTissue,
  relaxivitiesAtField,
  tissueAtField,
  tissueConcentration,
} from '@larmor/mri/tissue';
import { loadArticleSource } from './articles.ts';

const MS = 1e-3;
const MM = 1e-3;
const DEG = Math.PI / 180;
const scanner = (b0: number) => scannerOf({ b0field: b0 });
const ms = (seconds: number): string => `${Math.round(seconds / MS)} ms`;

/** |M⊥| × PD of a tissue for a family's defaults with `changes` (the engine's signal equation). */
function signal(family: SequenceFamily, changes: Partial<Protocol>, key: string, b0 = 1.5): number {
  const tissue = tissueAtField(key, b0);
  const s = tissueSignal({ ...defaultProtocol(family, scanner(b0)), ...changes }, tissue, scanner(b0));
  return Math.hypot(s.re, s.im) * tissue.pd;
}

/** Runs of white space (table padding, line breaks) as one space. */
const squeezed = (text: string): string => text.replace(/\s+/g, ' ');

async function expectQuoted(slug: string, quotes: string[]): Promise<void> {
  const text = squeezed(await loadArticleSource(slug));
  for (const quote of quotes) expect(text, `${slug} quotes "${quote}"`).toContain(squeezed(quote));
}

describe('the numbers the knowledge base quotes', () => {
  it('flip angle: T1s, Ernst angles and spoiled-GRE signals', async () => {
    const quotes: string[] = [];
    for (const key of ['whiteMatter', 'greyMatter', 'csf']) {
      for (const b0 of [1.5, 3]) {
        const t1 = tissueAtField(key, b0).t1;
        quotes.push(`| ${ms(t1)}`, `${(Math.acos(Math.exp(-0.25 / t1)) / DEG).toFixed(1)}°`);
      }
    }
    const wm = tissueAtField('whiteMatter', 1.5).t1;
    quotes.push(`${(Math.acos(Math.exp(-0.012 / wm)) / DEG).toFixed(1)}° at 1.5 T`);
    for (const flip of [10, 46, 70]) {
      const row = ['whiteMatter', 'greyMatter', 'csf'].map((key) =>
        signal('GRE', { repetitionTime: 250 * MS, flipAngle: flip * DEG }, key).toFixed(3),
      );
      quotes.push(`| ${flip}° | ${row.join(' | ')} |`);
    }
    await expectQuoted('flip-angle-and-ernst', quotes);
  });

  it('proton density: the spin-echo signals at TR 3000 and 500 ms', async () => {
    const quotes = ['greyMatter', 'whiteMatter', 'csf', 'fat'].flatMap((key) => [
      signal('SE', { repetitionTime: 3000 * MS, echoTime: 15 * MS }, key).toFixed(3),
      signal('SE', { repetitionTime: 500 * MS, echoTime: 15 * MS }, key).toFixed(3),
      `${tissueAtField(key, 1.5).pd.toFixed(2)}`,
    ]);
    await expectQuoted('proton-density', [...quotes, `T1 of ${ms(tissueAtField('csf', 1.5).t1)}`]);
  });

  it('SNR: the acquisition SNR of the table', async () => {
    const se = (b0: number, changes: Partial<Protocol>) =>
      `${Math.round(
        acquisitionSnrPercent(
          {
            ...defaultProtocol('SE', scanner(b0)),
            matrixRead: 128,
            matrixPhase: 128,
            ...changes,
          },
          scanner(b0),
        ),
      )} %`;
    const small = { matrixRead: 256, matrixPhase: 256, sliceThickness: 2 * MM, bandwidthPerPixel: 400 };
    await expectQuoted('snr', [se(1.5, {}), se(1.5, small), se(1.5, { ...small, nex: 4 }), se(3, {})]);
  });

  it('field strength: relaxation times, chemical shift and SAR at 1.5 and 3 T', async () => {
    const quotes: string[] = [];
    for (const key of ['whiteMatter', 'greyMatter', 'csf', 'fat', 'muscle']) {
      const [a, b] = [tissueAtField(key, 1.5), tissueAtField(key, 3)];
      quotes.push(`| ${ms(a.t1)} | ${ms(b.t1)} | ${ms(a.t2)} | ${ms(b.t2)} |`);
    }
    const seSar = (b0: number) => sarEstimate(defaultProtocol('SE', scanner(b0)), scanner(b0));
    quotes.push(
      `${seSar(1.5).wattsPerKilogram.toFixed(2)} W/kg becomes ${seSar(3).wattsPerKilogram.toFixed(2)} W/kg`,
    );
    const t1w = { repetitionTime: 500 * MS, echoTime: 15 * MS };
    for (const b0 of [1.5, 3]) {
      quotes.push(
        signal('SE', t1w, 'whiteMatter', b0).toFixed(3),
        signal('SE', t1w, 'greyMatter', b0).toFixed(3),
      );
      const stir = defaultProtocol('STIR', scanner(b0)).inversionTime ?? 0;
      quotes.push(`${ms(stir)} at ${b0} T`);
    }
    await expectQuoted('field-strength', quotes);
  });

  it('SAR: the 3 T turbo spin echo table and the 1.5 T comparison', async () => {
    const tse = (b0: number, changes: Partial<Protocol>) => {
      const protocol = { ...defaultProtocol('TSE', scanner(b0)), ...changes };
      return sarEstimate(protocol, scanner(b0)).wattsPerKilogram.toFixed(2);
    };
    const rows: [number, number, number][] = [
      [180, 20, 5000],
      [150, 20, 5000],
      [120, 20, 5000],
      [120, 10, 5000],
      [120, 20, 8000],
      [180, 10, 5000],
    ];
    const quotes = rows.map(([angle, slices, tr]) => {
      const changes = { refocusingFlipAngle: angle * DEG, sliceCount: slices, repetitionTime: tr * MS };
      const time = scanTime({ ...defaultProtocol('TSE', scanner(3)), ...changes }, scanner(3)).seconds;
      return `| ${tse(3, changes)} W/kg | ${Math.round(time)} s |`;
    });
    const at15 = tse(1.5, { refocusingFlipAngle: 150 * DEG });
    await expectQuoted('safety-and-sar', [...quotes, `${at15} W/kg`]);
  });

  it('contrast: relaxivity, enhanced T1s and the bolus curve', async () => {
    const dose = contrastDose(1, 8);
    const settings = { concentrationMmolPerMl: 1, volumeMl: 8, timeAfterContrast: 300 };
    const quotes = [`r1 = ${relaxivitiesAtField(GADOBUTROL, 1.5).r1.toFixed(1)}`];
    for (const key of ['tumour', 'whiteMatter', 'greyMatter']) {
      const tissue = tissueAtField(key, 1.5);
      const after = contrastEnhancedTissue(tissue, settings, 1.5);
      quotes.push(
        `| ${tissueConcentration(key, dose, 300).toFixed(3)} | ${ms(tissue.t1)} | ${ms(after.t1)} |`,
      );
    }
    for (const t of [12, 18, 30, 60]) {
      const blood = bolusTissueConcentration('blood', dose, t).toFixed(2);
      const liver = bolusTissueConcentration('liver', dose, t).toFixed(2);
      quotes.push(`| ${blood} | ${liver} |`);
    }
    await expectQuoted('contrast-enhancement', quotes);
  });
});
