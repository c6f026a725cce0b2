import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  articleFields,
  draftIsStale,
  draftToOffer,
  isSaveShortcut,
  previewUrl,
  saveErrors,
  storedDocument,
} from './article-editing';
import type { LocalDraft } from './local-draft';

const doc = (text: string) => ({ time: 1, version: '2.31.0', blocks: [{ type: 'paragraph', data: { text } }] });
const draft = (values: Partial<LocalDraft> = {}): LocalDraft => ({
  title: 'Groupes électrogènes',
  image_alt: '',
  document: doc('Texte'),
  saved_at: '2026-11-27T02:00:00.000Z',
  ...values,
});

describe('the article editor’s rules', () => {
  it('opens the stored Editor.js document, as an object or as JSON text, else blocks recovered from the HTML', () => {
    expect(storedDocument({ content: '', content_json: doc('A') as never })?.blocks[0]?.data).toEqual({ text: 'A' });
    expect(storedDocument({ content: '', content_json: JSON.stringify(doc('B')) as never })?.blocks[0]?.data).toEqual({
      text: 'B',
    });
    const fromHtml = storedDocument({ content: '<p>Depuis le HTML</p>', content_json: 'pas du JSON' as never });
    expect(fromHtml?.blocks.map((b) => b.type)).toEqual(['paragraph']);
    expect(storedDocument({ content: '', content_json: null })).toBeUndefined();
  });

  it('offers a local draft only when it says something the server does not have', () => {
    const article = { title: 'Groupes électrogènes', image_alt: null };
    expect(draftToOffer(null, article, doc('Texte'))).toBeNull();
    expect(draftToOffer(draft(), article, doc('Texte'))).toBeNull();
    expect(draftToOffer(draft({ title: 'Nouveau titre' }), article, doc('Texte'))?.title).toBe('Nouveau titre');
    // A new article: any title or block is worth keeping.
    expect(draftToOffer(draft(), null, undefined)).not.toBeNull();
    expect(draftToOffer(draft({ title: ' ', document: { blocks: [] } as never }), null, undefined)).toBeNull();
  });

  it('says a draft is stale when the article was saved after it began', () => {
    expect(draftIsStale(draft({ base_version: 2 }), { version: 3 })).toBe(true);
    expect(draftIsStale(draft({ base_version: 3 }), { version: 3 })).toBe(false);
    expect(draftIsStale(draft(), { version: 3 })).toBe(false);
    expect(draftIsStale(draft({ base_version: 1 }), null)).toBe(false);
  });

  it('previews the address with the server’s slug rule until the first save fixes it', () => {
    expect(previewUrl(null, 'Groupes électrogènes : guide')).toMatch(/\/article\/groupes-electrogenes-guide$/);
    expect(previewUrl('adresse-fixee', 'Autre titre')).toMatch(/\/article\/adresse-fixee$/);
    expect(previewUrl(null, '   ')).toBe('');
  });

  it('sends the trimmed fields, the document as JSON, and the version only on an update', () => {
    const fields = articleFields({ title: '  Titre ', image_alt: ' Photo ' }, doc('A') as never, 'Publié', null, 4);
    expect(fields).toEqual({
      title: 'Titre',
      content: JSON.stringify(doc('A')),
      status: 'Publié',
      image_alt: 'Photo',
      image: undefined,
      version: 4,
    });
  });

  it('puts each refusal by its field: title and alt, the cover image, the content (or status) above the canvas', () => {
    const refused = new ApiError(422, 'Données invalides', {
      title: ['Le titre est requis.'],
      image: ['Image trop lourde.'],
      status: ['Statut inconnu.'],
    });
    expect(saveErrors(refused)).toEqual({
      fields: { title: 'Le titre est requis.' },
      image: 'Image trop lourde.',
      content: 'Statut inconnu.',
    });
    expect(saveErrors(new ApiError(0, undefined))).toEqual({ fields: {} });
    expect(saveErrors(new Error('x'))).toEqual({ fields: {} });
  });

  it('saves on Ctrl+S and Cmd+S only', () => {
    expect(isSaveShortcut({ ctrlKey: true, metaKey: false, key: 's' })).toBe(true);
    expect(isSaveShortcut({ ctrlKey: false, metaKey: true, key: 'S' })).toBe(true);
    expect(isSaveShortcut({ ctrlKey: false, metaKey: false, key: 's' })).toBe(false);
    expect(isSaveShortcut({ ctrlKey: true, metaKey: false, key: 'p' })).toBe(false);
  });
});
