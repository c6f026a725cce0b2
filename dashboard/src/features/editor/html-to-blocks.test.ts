import { describe, expect, it } from 'vitest';
import { htmlToBlocks } from './html-to-blocks';

describe('an article stored as HTML opened in the editor', () => {
  it('recovers headings, paragraphs, lists and separators in order', () => {
    const { blocks } = htmlToBlocks(
      '<h2>Choisir</h2><p>Un <b>groupe</b> électrogène.</p><ul><li>Puissance</li><li>Autonomie</li></ul><hr>',
    );
    expect(blocks.map((b) => b.type)).toEqual(['header', 'paragraph', 'list', 'delimiter']);
    expect(blocks[0]!.data).toMatchObject({ text: 'Choisir', level: 2 });
    expect(blocks[1]!.data).toMatchObject({ text: 'Un <b>groupe</b> électrogène.' });
    expect(JSON.stringify(blocks[2]!.data)).toContain('Autonomie');
  });

  it('keeps loose text as a paragraph and drops empty markup', () => {
    const { blocks } = htmlToBlocks('Texte libre<p>   </p><div><p>Dans un bloc</p></div>');
    expect(blocks).toEqual([
      { type: 'paragraph', data: { text: 'Texte libre' } },
      { type: 'paragraph', data: { text: 'Dans un bloc' } },
    ]);
  });

  it('turns a YouTube frame into a video block, not into its text', () => {
    const src = 'https://www.youtube.com/embed/abc123';
    const { blocks } = htmlToBlocks(`<figure><iframe src="${src}"></iframe><figcaption>Démonstration</figcaption></figure>`);
    expect(blocks).toEqual([
      { type: 'embed', data: expect.objectContaining({ service: 'youtube', source: src, caption: 'Démonstration' }) },
    ]);
  });
});
