import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '#ui/markdown.ts';
import { uploadMarkdown } from './MarkdownEditor.tsx';

describe('uploads in Markdown', () => {
  it('an image is inserted as an image and a document as a link, both rendered with their URL', () => {
    const image = uploadMarkdown({ kind: 'image', filename: 'knee [axial].png', url: '/api/v1/uploads/u1' });
    expect(image).toBe('![knee axial.png](/api/v1/uploads/u1)');
    const doc = uploadMarkdown({ kind: 'document', filename: 'protocol.pdf', url: '/api/v1/uploads/u2' });
    expect(doc).toBe('[protocol.pdf](/api/v1/uploads/u2)');
    const root = document.createElement('div');
    root.innerHTML = renderMarkdown(`${image}\n\n${doc}`);
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/api/v1/uploads/u1');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/api/v1/uploads/u2');
  });
});
