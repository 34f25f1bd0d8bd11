/**
 * The index.html of `larmor gallery`: one section per model with its name, credit and pictures. Self-contained
 * (no script, font or style from anywhere else), readable without images (each has its alt text) and in the
 * reading-room dark the simulator uses.
 */

/** One picture of a model: its file (relative to the page), contrast and orientation. */
export interface GalleryPicture {
  file: string;
  contrast: string;
  orientation: string;
}

export interface GalleryModel {
  key: string;
  name: string;
  /** The credit of the data the model is derived from (atlas, template), shown under its name. */
  notice?: string;
  fovMm: number;
  pictures: readonly GalleryPicture[];
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` with the characters HTML gives a meaning to escaped, for text and attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function section(model: GalleryModel, matrix: number): string {
  const figures = model.pictures
    .map((p) => {
      const caption = `${model.name}, ${p.orientation}: ${p.contrast}`;
      return (
        `<figure><img src="${escapeHtml(p.file)}" alt="${escapeHtml(caption)}" width="256" height="256">` +
        `<figcaption>${escapeHtml(p.orientation)} · ${escapeHtml(p.contrast)}</figcaption></figure>`
      );
    })
    .join('\n');
  const notice = model.notice ? `<p class="notice">${escapeHtml(model.notice)}</p>` : '';
  return [
    `<section aria-labelledby="${escapeHtml(model.key)}">`,
    `<h2 id="${escapeHtml(model.key)}">${escapeHtml(model.name)}</h2>`,
    notice,
    `<p>1.5 T, field of view ${model.fovMm} mm, matrix ${matrix} × ${matrix}, 5 mm slice at the centre of the model's first region.</p>`,
    `<div class="pictures">${figures}</div>`,
    '</section>',
  ].join('\n');
}

/** The whole page for `models`, scanned at `matrix` × `matrix`. */
export function galleryPage(models: readonly GalleryModel[], matrix: number): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Larmor anatomical models</title>
<style>
body { background: #111; color: #e6e6e6; font: 16px/1.5 system-ui, sans-serif; margin: 2rem; }
.pictures { display: flex; flex-wrap: wrap; gap: 1rem; }
figure { margin: 0; width: 256px; }
figcaption { font-size: 0.85rem; color: #c8c8c8; }
.notice { color: #c8c8c8; max-width: 60rem; }
</style>
</head>
<body>
<main>
<h1>Larmor anatomical models</h1>
<p>Every model as this installation builds it, scanned by the fast engine (larmor gallery).</p>
${models.length === 0 ? '<p>No data</p>' : models.map((m) => section(m, matrix)).join('\n')}
</main>
</body>
</html>
`;
}
