import { describe, expect, it } from '@jest/globals';
import type { PublicProduct } from '../contract/public.js';
import { pageQuery, renderCatalogue, replaceCatalogueIsland, type CataloguePageState } from './catalogue-page.js';
import { boundsIn, parseAmount, worthKey } from './catalogue-filters.js';
import { parseRate } from '../common/money.js';

const state: CataloguePageState = {
  categorie: '4',
  tri: 'prix_asc',
  recherche: '<script>',
  marque: ['3'],
  prix_min: '',
  prix_max: '80000',
  disponibilite: '',
  devise: 'XOF',
  affiches: 12,
};
const product = (over: Partial<PublicProduct>): PublicProduct =>
  ({
    id: 7,
    name: 'Pompe immergée',
    price: '69.70',
    stock: 0,
    images: [],
    currency: { id: 2, name: 'Euro', symbol: '€', code: 'EUR' },
    category: { id: 4, designation: 'Pompes' },
    brand: { id: 3, name: 'Grundfos' },
    display_price: { amount: '45720', currency_code: 'XOF', symbol: 'FCFA', converted: true },
    ...over,
  }) as PublicProduct;

describe('the catalogue filtered without JavaScript', () => {
  const html = renderCatalogue(
    {
      state,
      categories: [{ id: 4, designation: 'Pompes' }],
      brands: [
        { id: 3, name: 'Grundfos' },
        { id: 5, name: 'Atlas' },
      ],
      products: [
        product({}),
        product({
          id: 8,
          name: 'Gants',
          stock: 5,
          price: '3000.00',
          display_price: undefined,
          currency: { id: 3, name: 'Fcfa', symbol: 'FCFA', code: 'XOF' },
        }),
      ],
      total: 30,
      capped: false,
      errors: [],
    },
    '/api/catalogue',
  );

  it('keeps the form filled in as submitted, text escaped', () => {
    expect(html).toContain('<option value="prix_asc" selected>Prix croissant</option>');
    expect(html).toContain('<option value="4" selected>Pompes</option>');
    expect(html).toContain('name="marque" value="3" checked>');
    expect(html).toContain('name="marque" value="5">');
    expect(html).toContain('value="80000"');
    expect(html).toContain('value="&lt;script&gt;"');
    expect(html).not.toContain('<script>');
  });

  it('shows converted prices « ≈ » with the original, and a quote request on exhausted products', () => {
    expect(html).toContain(
      '≈ 45 720 FCFA<span class="block text-sm font-semibold text-ink-muted" data-original-price>(69,70 €)</span>',
    );
    expect(html).toContain('Demander un devis<span class="sr-only"> : Pompe immergée</span>');
    expect(html).toContain('href="/contact?objet=Demande+de+devis');
    expect(html).toContain('Ajouter au panier<span class="sr-only"> : Gants</span>');
    expect(html).toContain('>30 produits</p>');
  });

  it('leads "Afficher plus" to the same filters with 12 more', () => {
    expect(html).toContain(
      'href="/api/catalogue?categorie=4&amp;tri=prix_asc&amp;recherche=%3Cscript%3E&amp;prix_max=80000&amp;marque=3&amp;affiches=24"',
    );
    expect(pageQuery({ ...state, categorie: 'all', tri: 'recent', recherche: '', marque: [], prix_max: '' }, 12)).toBe('');
  });

  it('replaces the Catalogue island of the page only, and keeps the page out of search engines', () => {
    const page =
      '<html><head><title>Boutique</title></head><body><astro-island component-url="/_astro/CartBar.x.js">cart</astro-island>' +
      '<astro-island uid="1" component-url="/_astro/Catalogue.laMT.js" props="{}"><div data-catalogue>old</div></astro-island><footer></footer></body></html>';
    const out = replaceCatalogueIsland(page, '<div>new</div>')!;
    expect(out).toContain('<astro-island component-url="/_astro/CartBar.x.js">cart</astro-island><div>new</div><footer>');
    expect(out).not.toContain('old');
    expect(out).toContain('<meta name="robots" content="noindex, follow"></head>');
    expect(replaceCatalogueIsland('<html></html>', 'x')).toBeNull();
    // The site's module of shop islands names each island by its export.
    const shared =
      '<html><head></head><body><astro-island component-url="/_astro/index.B1.js" component-export="CartBar">cart</astro-island>' +
      '<astro-island component-url="/_astro/index.B1.js" component-export="Catalogue" props="{}">old</astro-island></body></html>';
    expect(replaceCatalogueIsland(shared, '<div>new</div>')).toContain(
      'component-export="CartBar">cart</astro-island><div>new</div></body>',
    );
  });
});

describe('price bounds converted exactly into each currency', () => {
  const rates = new Map([
    ['EUR', parseRate('655.957')],
    ['USD', parseRate('600')],
  ]);

  it('finds the first and last prices whose rounded conversion is within the range', () => {
    // 69,70 € = 45 720,2 FCFA (shown 45 720); 69,69 € = 45 713,6 (45 714).
    expect(boundsIn('EUR', 'XOF', { min: 45720n }, rates)).toEqual({ empty: false, min: '69.70' });
    expect(boundsIn('EUR', 'XOF', { max: 45719n }, rates)).toEqual({ empty: false, max: '69.69' });
    // 76,17 $ = 45 702 FCFA; in dollars, 45 700 FCFA ≈ 76,17 $ (76,1666…).
    expect(boundsIn('XOF', 'USD', { min: 7617n, max: 7617n }, rates)).toEqual({ empty: false, min: '45699', max: '45704' });
    expect(boundsIn('XOF', 'XOF', { min: 10n, max: 5n }, rates)?.empty).toBe(true);
    expect(boundsIn('GBP', 'XOF', { min: 1n }, rates)).toBeNull();
  });

  it('reads amounts in the unit of the display currency, refusing decimals it does not have', () => {
    expect(parseAmount('45000', 'XOF')).toBe(45000n);
    expect(parseAmount('45000,00', 'XOF')).toBe(45000n);
    expect(parseAmount('45000,5', 'XOF')).toBeNull();
    expect(parseAmount('69,7', 'EUR')).toBe(6970n);
    expect(parseAmount('69.701', 'EUR')).toBeNull();
  });

  it('orders prices of different currencies by their worth', () => {
    expect(worthKey('69.70', 'EUR', rates)! > worthKey('45720.00', 'XOF', rates)!).toBe(true);
    expect(worthKey('69.70', 'EUR', rates)! < worthKey('45721.00', 'XOF', rates)!).toBe(true);
    expect(worthKey('1.00', 'GBP', rates)).toBeNull();
  });
});
