import type { SearchAnswer } from '@comptoir/api/contract';
import { describe, expect, it } from 'vitest';
import { historyItems, moveActive, resultGroups } from './search-results';

const answer = {
  blogs: [{ id: 3, title: 'Groupes électrogènes', status: 'Publié' }],
  brands: [],
  categories: [{ id: 4, designation: 'Énergie' }],
  products: [{ id: 5, name: 'Groupe 20 kVA', reference: 'GE-20', price: '1250000.00', currency_symbol: 'FCFA' }],
  stocks: [{ id: 6, name: 'Câble 3G2,5', quantity: 0 }],
  users: [],
  roles: [],
  orders: [{ id: 7, order_num: 'CMD-7', company_name: 'Agro Sud', status: 'pending', total: '90000.00', currency: 'Fcfa' }],
  customers: [],
} as unknown as SearchAnswer;

const everything = () => true;

describe('the global search’s results', () => {
  it('groups the answer in the spec’s order, leaves out empty groups, and says where each result leads', () => {
    const groups = resultGroups(answer, everything);
    expect(groups.map((g) => g.title)).toEqual(['Articles', 'Catégories', 'Produits', 'Stocks', 'Commandes']);
    const [article, category, product, stock, order] = groups.map((g) => g.items[0]!);
    expect(article!.target).toEqual({ to: '/ecrire-article/$id', params: { id: '3' } });
    expect(category!.target).toEqual({ to: '/categories', search: { search: 'Énergie' } });
    expect(product).toMatchObject({ detail: 'GE-20 · 1 250 000 FCFA', target: { to: '/produit/$id', params: { id: '5' } } });
    expect(stock!.detail).toBe('Épuisé');
    expect(order).toMatchObject({ label: 'CMD-7 · Agro Sud', detail: 'En attente · 90 000 FCFA' });
  });

  it('shows a group only with its category’s view right, and sends a reader without the edit right to the list', () => {
    const blogOnly = resultGroups(answer, (category, right) => category === 'blog' && right === 'view');
    expect(blogOnly.map((g) => g.title)).toEqual(['Articles']);
    expect(blogOnly[0]!.items[0]!.target).toEqual({ to: '/articles', search: { search: 'Groupes électrogènes' } });
  });

  it('lists the recent searches as options that lead nowhere (they fill the box)', () => {
    expect(historyItems(['pompe', 'câble']).map((i) => [i.key, i.label, i.target])).toEqual([
      ['recent-pompe', 'pompe', undefined],
      ['recent-câble', 'câble', undefined],
    ]);
  });

  it('moves the active option with the arrows (wrapping round) and Ctrl+Home, nothing else', () => {
    expect(moveActive('ArrowDown', false, 2, 3)).toBe(0);
    expect(moveActive('ArrowUp', false, 0, 3)).toBe(2);
    expect(moveActive('Home', true, 2, 3)).toBe(0);
    expect(moveActive('Home', false, 2, 3)).toBeNull();
    expect(moveActive('ArrowDown', false, 0, 0)).toBeNull();
    expect(moveActive('Enter', false, 1, 3)).toBeNull();
  });
});
