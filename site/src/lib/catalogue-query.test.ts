import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filterQuery,
  isDefaultList,
  readFilters,
  shownPrice,
  storeCurrency,
  storedCurrency,
  writeFilters,
} from './catalogue-query';

const read = (query: string, stored?: string | null) => readFilters(new URLSearchParams(query), stored);

beforeEach(() => localStorage.clear());

describe('the catalogue filters in the address', () => {
  it('reads every filter, brands repeated or comma-separated', () => {
    expect(
      read(
        'categorie=4&tri=prix_asc&recherche=pompe&marque=3&marque=7,9&prix_min=40000&prix_max=69,70&disponibilite=en_stock&devise=eur',
      ),
    ).toEqual({
      categorie: '4',
      tri: 'prix_asc',
      recherche: 'pompe',
      marque: ['3', '7', '9'],
      prix_min: '40000',
      prix_max: '69,70',
      disponibilite: 'en_stock',
      devise: 'EUR',
    });
  });

  it('drops values that make no sense instead of sending them on', () => {
    expect(read('categorie=abc&tri=cher&marque=x&marque=0&prix_min=-5&prix_max=1e9&disponibilite=bientot&devise=JPY')).toEqual(
      DEFAULT_FILTERS,
    );
  });

  it('uses the stored currency when the address names none, the address when it does', () => {
    expect(read('', 'USD').devise).toBe('USD');
    expect(read('devise=EUR', 'USD').devise).toBe('EUR');
    expect(read('', 'GBP').devise).toBe('XOF');
  });

  it('writes back only what differs from the defaults, other parameters kept', () => {
    const url = writeFilters(new URL('https://x.test/catalogue?affiches=16&tri=Populaire'), {
      ...DEFAULT_FILTERS,
      marque: ['3', '7'],
      prix_max: '80000',
    });
    expect(url.search).toBe('?affiches=16&marque=3&marque=7&prix_max=80000');
    expect(writeFilters(new URL('https://x.test/catalogue?devise=EUR'), DEFAULT_FILTERS).search).toBe('');
    // What is written is read back the same.
    const filters = {
      ...DEFAULT_FILTERS,
      tri: 'nom_desc' as const,
      devise: 'USD' as const,
      disponibilite: 'sur_commande' as const,
    };
    expect(read(writeFilters(new URL('https://x.test/catalogue'), filters).search)).toEqual(filters);
  });

  it('knows the pre-rendered list (default filters, FCFA) from any other', () => {
    expect(isDefaultList(DEFAULT_FILTERS, '')).toBe(true);
    expect(isDefaultList({ ...DEFAULT_FILTERS, recherche: 'p' }, '')).toBe(true);
    expect(isDefaultList(DEFAULT_FILTERS, 'pompe')).toBe(false);
    expect(isDefaultList({ ...DEFAULT_FILTERS, devise: 'EUR' }, '')).toBe(false);
    expect(isDefaultList({ ...DEFAULT_FILTERS, marque: ['2'] }, '')).toBe(false);
  });

  it('asks the API with its own parameter names, the display currency always', () => {
    const query = filterQuery(
      { ...DEFAULT_FILTERS, categorie: '4', marque: ['3', '7'], prix_min: '10', disponibilite: 'en_stock' },
      'pompe',
      16,
    );
    expect(query.toString()).toBe(
      'category=4&tri=recent&limit=16&devise=XOF&search=pompe&marque=3&marque=7&prix_min=10&disponibilite=en_stock',
    );
  });
});

describe('the display currency kept in the browser', () => {
  it('is FCFA until the visitor chooses another, then that one', () => {
    expect(storedCurrency()).toBe('XOF');
    storeCurrency('EUR');
    expect(storedCurrency()).toBe('EUR');
    storeCurrency('XOF');
    expect(localStorage.getItem('devise')).toBeNull();
    localStorage.setItem('devise', 'nonsense');
    expect(storedCurrency()).toBe('XOF');
  });
});

describe('a price as shown', () => {
  it('marks a converted price « ≈ » and keeps the original beside it', () => {
    const shown = shownPrice('69.70', '€', { amount: '45720', currency_code: 'XOF', symbol: 'FCFA', converted: true });
    expect(shown).toEqual({ main: '≈ 45 720 FCFA', original: '(69,70 €)' });
  });

  it('shows the price alone in its own currency, or when no rate is known', () => {
    expect(shownPrice('45700.00', 'FCFA', { amount: '45700', currency_code: 'XOF', symbol: 'FCFA', converted: false })).toEqual({
      main: '45 700 FCFA',
      original: null,
    });
    expect(shownPrice('80.00', '$', { amount: null, currency_code: 'XOF', symbol: 'FCFA', converted: true }).original).toBeNull();
    expect(shownPrice('80.00', '$', undefined).original).toBeNull();
  });
});
