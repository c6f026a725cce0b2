import type { ProductAvailability, ProductSort } from './public.js';

/**
 * The choices of the shop's catalogue filters, values and French labels: one list for the island
 * (site/src/islands/Catalogue.tsx) and for the page the server renders for visitors without
 * JavaScript (catalogue/catalogue-page.ts), so that both offer the same.
 */
export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'recent', label: 'Les plus récents' },
  { value: 'Populaire', label: 'Populaires' },
  { value: 'prix_asc', label: 'Prix croissant' },
  { value: 'prix_desc', label: 'Prix décroissant' },
  { value: 'nom_asc', label: 'Nom (A → Z)' },
  { value: 'nom_desc', label: 'Nom (Z → A)' },
];

export const AVAILABILITY_OPTIONS: readonly { value: ProductAvailability | ''; label: string }[] = [
  { value: '', label: 'Tous les produits' },
  { value: 'en_stock', label: 'En stock' },
  { value: 'sur_commande', label: 'Épuisé (sur devis)' },
];

/** The currencies prices can be shown in (converted at the day's rate), the shop's own first. */
export const DISPLAY_CURRENCIES = [
  { code: 'XOF', label: 'FCFA' },
  { code: 'EUR', label: 'Euro (€)' },
  { code: 'USD', label: 'Dollar ($)' },
] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number]['code'];
export const DEFAULT_CURRENCY: DisplayCurrency = 'XOF';
