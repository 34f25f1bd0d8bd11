import { describe, expect, it } from 'vitest';
import {
  ADJUSTABLE_HELP,
  ARTIFACT_HELP,
  KNOWLEDGE_BASE_ARTICLES,
  KNOWLEDGE_BASE_CATEGORIES,
  knowledgeBaseHref,
  OBJECTIVE_HELP,
  PARAMETER_HELP,
  SEQUENCE_FAMILY_HELP,
} from './knowledge-base.ts';

describe('knowledge base contents', () => {
  it('has unique slugs in known categories, and every category has an article', () => {
    const slugs = KNOWLEDGE_BASE_ARTICLES.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const category of KNOWLEDGE_BASE_CATEGORIES) {
      expect(
        KNOWLEDGE_BASE_ARTICLES.some((a) => a.category === category),
        category,
      ).toBe(true);
    }
  });

  it('links families, parameters, artifacts, objectives and what to change only to listed articles', () => {
    const slugs = new Set<string>(KNOWLEDGE_BASE_ARTICLES.map((a) => a.slug));
    for (const link of [
      ...Object.values(SEQUENCE_FAMILY_HELP),
      ...Object.values(PARAMETER_HELP),
      ...Object.values(ARTIFACT_HELP),
      ...Object.values(OBJECTIVE_HELP),
      ...Object.values(ADJUSTABLE_HELP).flatMap((help) => (help.link ? [help.link] : [])),
    ]) {
      expect(slugs.has(link.slug), link.slug).toBe(true);
    }
  });

  it('builds the path of an article and of a section in it', () => {
    expect(knowledgeBaseHref({ slug: 'spin-echo' })).toBe('/knowledge-base/spin-echo');
    expect(knowledgeBaseHref(PARAMETER_HELP.echoTime ?? { slug: 'spin-echo' })).toBe(
      '/knowledge-base/timing-parameters#echo-time',
    );
  });
});
