// The formatting rules of the public site (spec sections 5 and 9), run without a browser.
import { expect, test } from '@playwright/test';
import { toCard } from '../../site/src/lib/articles.js';
import {
  authorAvatar,
  authorName,
  formatDate,
  formatPrice,
  frenchTypography,
  shortName,
  storageUrl,
} from '../../site/src/lib/format.js';
import { excerpt } from '../../site/src/lib/html-text.js';
import { stockLabel } from '../../site/src/lib/products.js';

test.describe('public site formatting', () => {
  test('dates read "DD MMM YYYY" in French', () => {
    expect(formatDate('2024-03-05T10:00:00.000Z')).toBe('05 mars 2024');
    expect(formatDate('2026-02-28T23:59:00.000Z')).toBe('28 févr. 2026');
    expect(formatDate('2025-08-01T00:00:00.000Z')).toBe('01 août 2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('pas une date')).toBe('');
  });

  test('excerpts join the paragraphs, drop images and tags, and stop at the limit with "..."', () => {
    const html =
      '<h2>Titre ignoré</h2><p>Premier <strong>paragraphe</strong> &amp; suite.</p><figure><img src="x.webp" alt="x"></figure>' +
      '<p>Deuxième paragraphe<img src="y.png"> avec&nbsp;une espace insécable et assez de texte pour dépasser la limite fixée.</p>';
    const text = excerpt(html, 1000);
    expect(text).toBe(
      'Premier paragraphe & suite. Deuxième paragraphe avec une espace insécable et assez de texte pour dépasser la limite fixée.',
    );
    const cut = excerpt(html, 60);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(63);
    expect(cut).not.toContain('<');
    expect(excerpt('<ul><li>Sans paragraphe</li></ul>', 120)).toBe('Sans paragraphe');
    expect(excerpt('<p><script>alert(1)</script>Texte</p>', 120)).toBe('Texte');
  });

  test('product names are cut at 22 characters, prices grouped the French way with their symbol', () => {
    expect(shortName('Groupe électrogène diesel 20 kVA')).toBe('Groupe électrogène die...');
    expect(shortName('Casque de chantier')).toBe('Casque de chantier');
    expect(formatPrice('1250000.00', 'FCFA')).toBe('1 250 000 FCFA');
    expect(formatPrice('899.90', '€')).toBe('899,90 €');
    expect(formatPrice('24500.00', '$')).toBe('24 500 $');
    expect(stockLabel(3)).toBe('En stock (3)');
    expect(stockLabel(0)).toBe('Épuisé');
  });

  test('titles get a narrow no-break space before « ; : ! ? », and nothing else moves', () => {
    const nnbsp = '\u202f';
    expect(frenchTypography('Pourquoi entretenir son groupe ?')).toBe(`Pourquoi entretenir son groupe${nnbsp}?`);
    expect(frenchTypography('Bilan : 2024')).toBe(`Bilan${nnbsp}: 2024`);
    expect(frenchTypography('Sécurité: les règles')).toBe(`Sécurité${nnbsp}: les règles`);
    expect(frenchTypography('Enfin !')).toBe(`Enfin${nnbsp}!`);
    expect(frenchTypography('Vraiment ?!')).toBe(`Vraiment${nnbsp}?!`);
    expect(frenchTypography('Ouvert à 14:30, voir https://exemple.tg')).toBe('Ouvert à 14:30, voir https://exemple.tg');
  });

  test('authors: "Non défini" and the default avatar when missing', () => {
    expect(authorName(null)).toBe('Non défini');
    expect(authorName({ firstname: 'Afi', name: 'Mensah' })).toBe('Afi Mensah');
    expect(authorAvatar(null)).toBe('/images/default-avatar.jpeg');
    expect(authorAvatar({ image: 'demo/avatars/a.webp' })).toBe('/storage/demo/avatars/a.webp');
    expect(storageUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
  });

  test('an article card: author, French date, resized cover, bounded excerpt', () => {
    const card = toCard(
      {
        id: 1,
        title: 'T',
        slug: 't',
        content: `<p>${'mot '.repeat(60)}</p>`,
        image: 'articles/a.png',
        image_variants: { '400': 'articles/a-400.webp', '800': 'articles/a-800.webp' },
        image_alt: null,
        status: 'Publié',
        created_at: '2024-01-02T00:00:00.000Z',
        updated_at: '2024-01-02T00:00:00.000Z',
        published_at: null,
        user: null,
      },
      120,
      excerpt,
    );
    expect(card).toMatchObject({
      author: 'Non défini',
      date: '02 janv. 2024',
      thumb: '/storage/articles/a-400.webp',
      image: '/storage/articles/a.png',
    });
    expect(card.excerpt.length).toBeLessThanOrEqual(123);
  });
});
