import { describe, expect, it } from 'vitest';
import {
  ADJUSTABLE_HELP,
  ARTIFACT_HELP,
  KNOWLEDGE_BASE_ARTICLES,
  OBJECTIVE_HELP,
  PARAMETER_HELP,
  SEQUENCE_FAMILY_HELP,
  type KnowledgeBaseLink,
} from '@larmor/contracts/knowledge-base';
import { defaultProtocol, parameterDefinitions } from '@larmor/mri/sequence';
import { SEQUENCE_FAMILIES, type Scanner } from '@larmor/mri';
import { renderMarkdown } from '#ui/markdown.ts';
import { KNOWLEDGE_BASE_FIGURES } from '../../../build/knowledge-base-figures.ts';
import { articleFileSlugs, findArticle, loadArticleSource } from './articles.ts';
import { testScanner } from '@larmor/mri/testing';

const SCANNER: Scanner = testScanner();

/** Each article rendered as the reader sees it. */
async function renderedArticles(): Promise<Map<string, HTMLElement>> {
  const rendered = new Map<string, HTMLElement>();
  for (const article of KNOWLEDGE_BASE_ARTICLES) {
    const root = document.createElement('div');
    root.innerHTML = renderMarkdown(await loadArticleSource(article.slug));
    rendered.set(article.slug, root);
  }
  return rendered;
}

function resolves(rendered: Map<string, HTMLElement>, link: KnowledgeBaseLink): boolean {
  const root = rendered.get(link.slug);
  if (root === undefined) return false;
  return link.anchor === undefined || root.querySelector(`[id="${link.anchor}"]`) !== null;
}

describe('the knowledge base', () => {
  it('has a Markdown file for every article of the contents, and no file outside it', () => {
    expect(articleFileSlugs().sort()).toEqual(KNOWLEDGE_BASE_ARTICLES.map((a) => a.slug).sort());
    expect(findArticle('no-such-article')).toBeUndefined();
  });

  it('explains every sequence family and every scan parameter of the engine, at an anchor that exists', async () => {
    const rendered = await renderedArticles();
    for (const family of SEQUENCE_FAMILIES) {
      const link = SEQUENCE_FAMILY_HELP[family];
      expect(link, family).toBeDefined();
      expect(resolves(rendered, link as KnowledgeBaseLink), family).toBe(true);
    }
    const keys = new Set(
      SEQUENCE_FAMILIES.flatMap((family) =>
        parameterDefinitions(defaultProtocol(family, SCANNER), SCANNER).map((d) => d.key),
      ),
    );
    expect(keys.size).toBeGreaterThan(10);
    for (const key of keys) {
      const link = PARAMETER_HELP[key];
      expect(link, key).toBeDefined();
      expect(resolves(rendered, link as KnowledgeBaseLink), key).toBe(true);
    }
    for (const [artifact, link] of Object.entries(ARTIFACT_HELP)) {
      expect(resolves(rendered, link), artifact).toBe(true);
    }
    for (const [kind, link] of Object.entries(OBJECTIVE_HELP)) {
      expect(resolves(rendered, link), kind).toBe(true);
    }
    for (const [key, { link }] of Object.entries(ADJUSTABLE_HELP)) {
      if (link) expect(resolves(rendered, link), key).toBe(true);
    }
  });

  it('shows in every article a figure the engine renders, a formula, and sources that cite the reference', async () => {
    const rendered = await renderedArticles();
    for (const [slug, root] of rendered) {
      expect(root.querySelectorAll('img[src^="/figures/kb/"]').length, `${slug}: figure`).toBeGreaterThan(0);
      // A formula: an equation or a proportionality between symbols (S = …, SNR ∝ …, α_E = arccos(…)).
      expect(root.textContent ?? '', `${slug}: formula`).toMatch(/\S\s*(=|∝|≈|≥)\s*\S.*[·/(]/);
      const sources = root.querySelector('[id="sources"]');
      expect(sources, `${slug}: sources`).not.toBeNull();
      const cited = sources?.nextElementSibling?.textContent ?? '';
      expect(cited, `${slug}: cites the reference`).toMatch(
        /reference\/(analytic_formulas|tissue_properties|simulator-console-research)\.md/,
      );
    }
  });

  it('has an article per artifact that says its cause, look and remedy', async () => {
    const rendered = await renderedArticles();
    for (const article of KNOWLEDGE_BASE_ARTICLES.filter((a) => a.category === 'artifacts')) {
      const text = rendered.get(article.slug)?.textContent ?? '';
      for (const part of ['Cause.', 'Look.', 'Remedy.'])
        expect(text, `${article.slug} ${part}`).toContain(part);
    }
  });

  it('links only to articles and anchors that exist, and shows only figures the engine renders', async () => {
    const rendered = await renderedArticles();
    const figures = new Set(KNOWLEDGE_BASE_FIGURES.map((f) => `/figures/kb/${f.name}.png`));
    for (const [slug, root] of rendered) {
      for (const a of root.querySelectorAll('a[href^="/knowledge-base/"]')) {
        const [path = '', anchor] = (a.getAttribute('href') ?? '').split('#');
        const link = { slug: path.replace('/knowledge-base/', ''), ...(anchor ? { anchor } : {}) };
        expect(resolves(rendered, link as KnowledgeBaseLink), `${slug} → ${a.getAttribute('href')}`).toBe(
          true,
        );
      }
      for (const img of root.querySelectorAll('img')) {
        expect(figures.has(img.getAttribute('src') ?? ''), `${slug}: ${img.getAttribute('src')}`).toBe(true);
        expect(img.getAttribute('alt')?.length ?? 0, `${slug}: alt text`).toBeGreaterThan(10);
      }
    }
  });
});
