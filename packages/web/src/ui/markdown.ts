/**
 * Markdown to safe HTML: marked parses (CommonMark + GFM tables), DOMPurify removes everything that could run
 * script (script and style elements, event-handler attributes, javascript: and data: URLs other than images,
 * forms, iframes). Headings get stable ids for links: `## Echo time {#echo-time}` sets the id explicitly;
 * otherwise it is the heading's text in lower-case words joined by hyphens.
 */
import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';

/** `{#id}` at the end of a heading: its explicit anchor. */
const EXPLICIT_ANCHOR = /\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$/;

/** The anchor of a heading's text: lower-case letters and digits, words joined by hyphens. */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const markdown = new Marked({ gfm: true });
markdown.use({
  renderer: {
    heading(this: { parser: { parseInline: (tokens: Tokens.Heading['tokens']) => string } }, token) {
      const explicit = EXPLICIT_ANCHOR.exec(token.text);
      const inline = this.parser.parseInline(token.tokens).replace(EXPLICIT_ANCHOR, '');
      const id = explicit?.[1] ?? headingAnchor(inline);
      return `<h${token.depth} id="${id}">${inline}</h${token.depth}>\n`;
    },
  },
});

const purify = DOMPurify(window);
// Links leaving the app open in a new tab and tell the target nothing about us.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && /^https?:\/\//i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Safe HTML of a Markdown text (raw HTML in it is sanitised, never trusted). */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}
