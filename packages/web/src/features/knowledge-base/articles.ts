/**
 * The knowledge base's articles: the table of contents comes from @larmor/contracts (its slugs and anchors are
 * what other screens link to); each article's Markdown is a file in ./articles, loaded when it is opened.
 */
import {
  KNOWLEDGE_BASE_ARTICLES,
  KNOWLEDGE_BASE_CATEGORIES,
  KNOWLEDGE_BASE_CATEGORY_TITLES,
  type KnowledgeBaseCategory,
} from '@larmor/contracts/knowledge-base';

export type Article = (typeof KNOWLEDGE_BASE_ARTICLES)[number];

const SOURCES = import.meta.glob<string>('./articles/*.md', { query: '?raw', import: 'default' });

/** The article with this slug, or undefined. */
export function findArticle(slug: string): Article | undefined {
  return KNOWLEDGE_BASE_ARTICLES.find((article) => article.slug === slug);
}

/** The Markdown of an article (a chunk of its own, loaded on first use). */
export function loadArticleSource(slug: string): Promise<string> {
  const load = SOURCES[`./articles/${slug}.md`];
  if (load === undefined) return Promise.reject(new Error(`No article '${slug}'`));
  return load();
}

/** The slugs that have a Markdown file (for the test that every listed article has one, and no file is orphaned). */
export function articleFileSlugs(): string[] {
  return Object.keys(SOURCES).map((file) => file.replace('./articles/', '').replace(/\.md$/, ''));
}

/** The articles grouped by category, in the contracts' order. */
export function articlesByCategory(): Array<{
  category: KnowledgeBaseCategory;
  title: string;
  articles: Article[];
}> {
  return KNOWLEDGE_BASE_CATEGORIES.map((category) => ({
    category,
    title: KNOWLEDGE_BASE_CATEGORY_TITLES[category],
    articles: KNOWLEDGE_BASE_ARTICLES.filter((article) => article.category === category),
  }));
}
