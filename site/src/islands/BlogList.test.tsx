import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ArticleCardData } from '../lib/articles';

vi.mock('./lib/http', () => ({ api: vi.fn(), isAbort: () => false }));
vi.mock('./lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const { default: BlogList } = await import('./BlogList');

const card = (id: number, title: string): ArticleCardData => ({
  id,
  slug: `article-${id}`,
  title,
  image: `/storage/articles/${id}.jpg`,
  thumb: `/storage/articles/${id}-400.webp`,
  imageAlt: title,
  excerpt: 'Un extrait.',
  author: 'Afi Mensah',
  avatar: '/images/avatar.webp',
  date: '29 novembre 2026',
  dateIso: '2026-11-29',
});

/** The covers in the blog's HTML as served, in order: what the browser's preload scanner sees. */
function covers(html: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('article > div > img')].map((img) => ({
    src: img.getAttribute('src'),
    loading: img.getAttribute('loading'),
    fetchpriority: img.getAttribute('fetchpriority'),
  }));
}

describe('the blog list as served', () => {
  it('asks for the first cover with the page (the phone’s largest image) and the others once near the screen', () => {
    const html = renderToStaticMarkup(
      <BlogList
        initialCards={[card(1, 'Stocker les consommables'), card(2, 'Outillage'), card(3, 'Soudage')]}
        initialTotal={3}
      />,
    );
    expect(covers(html)).toEqual([
      { src: '/storage/articles/1-400.webp', loading: 'eager', fetchpriority: 'high' },
      { src: '/storage/articles/2-400.webp', loading: 'lazy', fetchpriority: null },
      { src: '/storage/articles/3-400.webp', loading: 'lazy', fetchpriority: null },
    ]);
  });
});
