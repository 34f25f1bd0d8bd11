import { describe, expect, it } from 'vitest';
import { headingAnchor, renderMarkdown } from './markdown.ts';

/** Parses rendered HTML so the checks look at elements and attributes, not at substrings. */
function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

const EVENT_HANDLER = /^on/i;

function everyAttribute(root: HTMLElement): Array<{ tag: string; name: string; value: string }> {
  return [...root.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].map((a) => ({ tag: el.tagName, name: a.name, value: a.value })),
  );
}

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists, tables, links and images', () => {
    const root = dom(
      renderMarkdown(
        '# Title\n\nSome **bold** text.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[kb](/knowledge-base) ![T2 brain](/figures/kb/t2.png)',
      ),
    );
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelectorAll('td')).toHaveLength(2);
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/knowledge-base');
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('T2 brain');
  });

  it('gives headings stable anchors: explicit {#id}, otherwise the slug of the text', () => {
    const root = dom(renderMarkdown('## Echo time (TE) {#echo-time}\n\n### Why *fat* is bright'));
    expect(root.querySelector('h2')?.id).toBe('echo-time');
    expect(root.querySelector('h2')?.textContent).toBe('Echo time (TE)');
    expect(root.querySelector('h3')?.id).toBe('why-fat-is-bright');
    expect(headingAnchor('T1 & T2: weighting')).toBe('t1-t2-weighting');
  });

  it('opens external links in a new tab without an opener', () => {
    const a = dom(renderMarkdown('[site](https://example.org)')).querySelector('a');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  const PAYLOADS = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)><circle r="1"/></svg>',
    '<a href="javascript:alert(1)">click</a>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '![x](javascript:alert(1))',
    '<iframe src="https://evil.example"></iframe>',
    '<div style="background:url(javascript:alert(1))" onclick="alert(1)">x</div>',
    '<form action="https://evil.example"><button>go</button></form>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<details open ontoggle=alert(1)>',
    '<object data="javascript:alert(1)"></object>',
    '<body onload=alert(1)>',
    '<input autofocus onfocus=alert(1)>',
  ];

  it.each(PAYLOADS)('no script, handler or script URL survives: %s', (payload) => {
    const root = dom(renderMarkdown(`Text before\n\n${payload}\n\nText after`));
    expect(root.querySelector('script, iframe, object, embed, form, input, button, style')).toBeNull();
    for (const attribute of everyAttribute(root)) {
      expect(attribute.name).not.toMatch(EVENT_HANDLER);
      expect(attribute.name).not.toBe('style');
      if (['href', 'src', 'action', 'data', 'xlink:href'].includes(attribute.name)) {
        expect(attribute.value.replace(/\s/g, '')).not.toMatch(/^(javascript|data:text|vbscript):/i);
      }
    }
    expect(root.textContent).toContain('Text before');
  });
});
