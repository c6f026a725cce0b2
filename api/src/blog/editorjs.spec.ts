import { describe, expect, it } from '@jest/globals';
import { EditorContentError, parseEditorDocument, renderEditorDocument } from './editorjs.js';

const doc = (...blocks: unknown[]) => JSON.stringify({ time: 1718000000000, blocks, version: '2.30.0' });
const render = (...blocks: unknown[]) => renderEditorDocument(parseEditorDocument(doc(...blocks)));

describe('Editor.js rendering', () => {
  it('renders every supported block', () => {
    const html = render(
      { id: 'a1', type: 'header', data: { text: 'Nos <b>groupes</b>', level: 2 } },
      {
        type: 'paragraph',
        data: {
          text: 'Un <a href="https://exemple.tg" target="_blank">lien</a> et <mark class="cdx-marker">du surligné</mark>.',
        },
      },
      {
        type: 'list',
        data: {
          style: 'ordered',
          meta: { start: 3 },
          items: [
            { content: 'Un', meta: {}, items: [{ content: 'Un point un', meta: {}, items: [] }] },
            { content: 'Deux', meta: {}, items: [] },
          ],
        },
      },
      { type: 'list', data: { style: 'unordered', items: ['ancien', 'format'] } },
      { type: 'quote', data: { text: 'La qualité avant tout', caption: 'Le directeur', alignment: 'center' } },
      { type: 'image', data: { file: { url: '/storage/media/abc.webp' }, caption: 'Un <i>compresseur</i>', withBorder: true } },
      {
        type: 'table',
        data: {
          withHeadings: true,
          content: [
            ['Modèle', 'Puissance'],
            ['GE-20', '20 kVA'],
          ],
        },
      },
      {
        type: 'embed',
        data: {
          service: 'youtube',
          source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          embed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
          width: 580,
          height: 320,
          caption: '',
        },
      },
      { type: 'delimiter', data: {} },
    );
    expect(html).toContain('<h2>Nos <b>groupes</b></h2>');
    expect(html).toContain('<a href="https://exemple.tg" target="_blank" rel="noopener noreferrer">lien</a>');
    expect(html).toContain('<mark class="cdx-marker">du surligné</mark>');
    expect(html).toContain('<ol start="3"><li>Un<ol><li>Un point un</li></ol></li><li>Deux</li></ol>');
    expect(html).toContain('<ul><li>ancien</li><li>format</li></ul>');
    expect(html).toContain(
      '<figure class="quote quote-center"><blockquote><p>La qualité avant tout</p></blockquote><figcaption>Le directeur</figcaption></figure>',
    );
    expect(html).toContain('<img src="/storage/media/abc.webp" alt="Un compresseur" loading="lazy" decoding="async" />');
    expect(html).toContain(
      '<thead><tr><th>Modèle</th><th>Puissance</th></tr></thead><tbody><tr><td>GE-20</td><td>20 kVA</td></tr></tbody>',
    );
    expect(html).toMatch(
      /<iframe src="https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ"[^>]*sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"/,
    );
    expect(html).toContain('<hr />');
  });

  it('never lets scripts, event handlers or javascript: URLs through', () => {
    const html = render(
      { type: 'paragraph', data: { text: 'Avant<script>alert(1)</script>après' } },
      { type: 'paragraph', data: { text: '<img src="x" onerror="alert(2)"><b onclick="alert(3)">gras</b>' } },
      { type: 'paragraph', data: { text: '<a href="javascript:alert(4)">piège</a> <a href="JaVaScRiPt:alert(5)">bis</a>' } },
      { type: 'header', data: { text: '<svg onload="alert(6)"></svg>Titre', level: 3 } },
      { type: 'table', data: { content: [['<iframe src="https://evil.example"></iframe>cellule']] } },
      { type: 'quote', data: { text: '<style>body{display:none}</style>cité', caption: '<a href="data:text/html,x">x</a>' } },
    );
    expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|<svg|<style|evil\.example|data:text/i);
    expect(html).toContain('<p>Avantaprès</p>');
    expect(html).toContain('<b>gras</b>');
    expect(html).toContain('<a>piège</a>');
  });

  it('cleans the stored JSON as well, so the editor reopens it safely', () => {
    const parsed = parseEditorDocument(
      doc({ type: 'paragraph', data: { text: 'ok<script>alert(1)</script>', extra: 'ignored' } }),
    );
    expect(parsed.blocks).toEqual([{ type: 'paragraph', data: { text: 'ok' } }]);
  });

  it('refuses images outside the storage or without https', () => {
    for (const url of [
      'javascript:alert(1)',
      'http://exemple.tg/a.png',
      '/storage/../secret',
      'data:image/png;base64,AAA',
      '//evil.example/a.png',
    ]) {
      expect(() => parseEditorDocument(doc({ type: 'image', data: { file: { url } } }))).toThrow(EditorContentError);
    }
    expect(() =>
      parseEditorDocument(doc({ type: 'image', data: { file: { url: 'https://cdn.exemple.tg/a.png' } } })),
    ).not.toThrow();
  });

  it('keeps an image block’s alt text and pixel size, and renders them on the <img>', () => {
    const block = (data: Record<string, unknown>) => ({
      type: 'image',
      data: { file: { url: '/storage/media/a.png' }, ...data },
    });
    const parsed = parseEditorDocument(
      doc(
        block({
          file: { url: '/storage/media/a.png', width: 1600, height: 900 },
          caption: 'Le <b>groupe</b>',
          alt: '  Un groupe électrogène\nsur un chantier  ',
        }),
      ),
    );
    // Kept in the document (the editor shows it again) as one line of plain text.
    expect(parsed.blocks[0]!.data).toMatchObject({
      file: { url: '/storage/media/a.png', width: 1600, height: 900 },
      alt: 'Un groupe électrogène sur un chantier',
    });
    expect(renderEditorDocument(parsed)).toContain(
      '<img src="/storage/media/a.png" alt="Un groupe électrogène sur un chantier" width="1600" height="900" loading="lazy" decoding="async" />',
    );
    // No alt typed: the caption's text; neither: empty (decorative), never the file's name.
    expect(render(block({ caption: 'Le <b>groupe</b>' }))).toContain('alt="Le groupe"');
    expect(render(block({}))).toContain('alt=""');
    // Text, not markup: quotes and angle brackets are escaped in the attribute.
    expect(render(block({ alt: '"><script>x</script>' }))).toContain('alt="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    // Implausible sizes are dropped rather than refused (they only help the layout).
    expect(
      parseEditorDocument(doc(block({ file: { url: '/storage/media/a.png', width: -3, height: 'x' } }))).blocks[0]!.data,
    ).toEqual(expect.objectContaining({ file: { url: '/storage/media/a.png' } }));
  });

  it('refuses an image alt text that is not text or is too long, in French', () => {
    const image = (alt: unknown) => doc({ type: 'image', data: { file: { url: '/storage/media/a.png' }, alt } });
    expect(() => parseEditorDocument(image({ text: 'x' }))).toThrow('Le texte alternatif d’une image doit être un texte.');
    expect(() => parseEditorDocument(image('é'.repeat(256)))).toThrow(
      'Le texte alternatif d’une image ne doit pas dépasser 255 caractères.',
    );
    expect(() => parseEditorDocument(image('é'.repeat(255)))).not.toThrow();
  });

  it('only embeds YouTube and Vimeo players', () => {
    expect(() => parseEditorDocument(doc({ type: 'embed', data: { embed: 'https://evil.example/embed/x' } }))).toThrow(
      'Seules les vidéos YouTube et Vimeo peuvent être intégrées.',
    );
    expect(() =>
      parseEditorDocument(doc({ type: 'embed', data: { embed: 'https://www.youtube.com/embed/abc"onload="x' } })),
    ).toThrow(EditorContentError);
    expect(render({ type: 'embed', data: { embed: 'https://player.vimeo.com/video/76979871' } })).toContain(
      'src="https://player.vimeo.com/video/76979871"',
    );
  });

  it('refuses what is not an Editor.js document of known blocks', () => {
    expect(() => parseEditorDocument('{oops')).toThrow('Le contenu de l’article est invalide (JSON attendu).');
    expect(() => parseEditorDocument('{"text":"x"}')).toThrow(EditorContentError);
    expect(() => parseEditorDocument(doc({ type: 'raw', data: { html: '<script></script>' } }))).toThrow(
      'Le bloc « raw » n’est pas pris en charge par l’éditeur.',
    );
    expect(parseEditorDocument('')).toEqual({ blocks: [] });
  });
});
