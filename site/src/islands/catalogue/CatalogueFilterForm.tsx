import { useId, useMemo } from 'react';
import { AVAILABILITY_OPTIONS, DISPLAY_CURRENCIES, SORT_OPTIONS, type CatalogueFilters } from '../../lib/catalogue-query';
import { formatCount } from '../../lib/format';
import { AmountInput } from '../ui/AmountInput';
import { FilterSelect } from '../ui/FilterSelect';
import { badAmount } from './catalogue-address';

/** Where the form leads without JavaScript: the same list, rendered by the server. */
const CATALOGUE_PAGE = '/api/catalogue';

export interface CatalogueFilterFormProps {
  categories: { id: number; designation: string }[];
  /** The brands with their number of products at the last publication. */
  brands: { id: number; name: string; count: number }[];
  /** The brands' counts now, once answered (null: the published ones). */
  liveCounts: Map<number, number> | null;
  filters: CatalogueFilters;
  change: <K extends keyof CatalogueFilters>(name: K, value: CatalogueFilters[K]) => void;
  toggleBrand: (brand: string, on: boolean) => void;
}

/**
 * The catalogue's filters: a GET form that, without JavaScript (or before the island hydrates), leads
 * to the same list rendered by the server; once hydrated each change is applied at once.
 */
export function CatalogueFilterForm({ categories, brands, liveCounts, filters, change, toggleBrand }: CatalogueFilterFormProps) {
  const id = useId();
  const ids = {
    category: `${id}-categorie`,
    sort: `${id}-tri`,
    search: `${id}-recherche`,
    min: `${id}-prix-min`,
    max: `${id}-prix-max`,
    availability: `${id}-disponibilite`,
    currency: `${id}-devise`,
  };
  const categoryOptions = useMemo(
    () => [
      { value: 'all', label: 'Toutes les catégories' },
      ...categories.map((c) => ({ value: String(c.id), label: c.designation })),
    ],
    [categories],
  );
  const unit = DISPLAY_CURRENCIES.find((c) => c.code === filters.devise)?.label ?? 'FCFA';

  return (
    <form
      role="search"
      aria-label="Filtrer les produits"
      method="get"
      action={CATALOGUE_PAGE}
      className="grid gap-2 rounded-xl border border-line bg-white p-2 shadow-card sm:grid-cols-2 md:grid-cols-3"
      onSubmit={(e) => e.preventDefault()}
      data-catalogue-filters
    >
      <FilterSelect
        id={ids.category}
        name="categorie"
        label="Catégorie"
        value={filters.categorie}
        options={categoryOptions}
        onChange={(value) => change('categorie', value)}
      />
      <FilterSelect
        id={ids.sort}
        name="tri"
        label="Trier par"
        value={filters.tri}
        options={SORT_OPTIONS}
        onChange={(value) => change('tri', value)}
      />
      <div className="min-w-0">
        <label htmlFor={ids.search} className="field-label">
          Rechercher
        </label>
        <input
          id={ids.search}
          name="recherche"
          type="search"
          className="field-input"
          placeholder="Nom du produit (2 caractères min.)"
          value={filters.recherche}
          onChange={(e) => change('recherche', e.target.value)}
          aria-describedby={`${ids.search}-hint`}
        />
        <p id={`${ids.search}-hint`} className="sr-only">
          La recherche commence à partir de 2 caractères.
        </p>
      </div>
      <fieldset className="min-w-0">
        <legend className="field-label">Prix ({unit})</legend>
        <div className="grid grid-cols-2 gap-1">
          <AmountInput
            id={ids.min}
            name="prix_min"
            label="Minimum"
            value={filters.prix_min}
            invalid={badAmount(filters.prix_min)}
            onChange={(value) => change('prix_min', value)}
          />
          <AmountInput
            id={ids.max}
            name="prix_max"
            label="Maximum"
            value={filters.prix_max}
            invalid={badAmount(filters.prix_max)}
            onChange={(value) => change('prix_max', value)}
          />
        </div>
        {(badAmount(filters.prix_min) || badAmount(filters.prix_max)) && (
          <p className="mt-0.5 text-xs text-danger">Saisissez un montant, par exemple 45000 ou 69,70.</p>
        )}
      </fieldset>
      <FilterSelect
        id={ids.availability}
        name="disponibilite"
        label="Disponibilité"
        value={filters.disponibilite}
        options={AVAILABILITY_OPTIONS}
        onChange={(value) => change('disponibilite', value)}
      />
      <FilterSelect
        id={ids.currency}
        name="devise"
        label="Afficher les prix en"
        value={filters.devise}
        options={DISPLAY_CURRENCIES.map((c) => ({ value: c.code, label: c.label }))}
        onChange={(value) => change('devise', value)}
        hint="Prix convertis (≈) au taux du jour, indicatifs."
      />
      {brands.length > 0 && (
        <fieldset className="min-w-0 sm:col-span-2 md:col-span-3">
          <legend className="field-label">Marques</legend>
          <ul className="flex flex-wrap gap-x-2 gap-y-1">
            {brands.map((b) => (
              <li key={b.id} className="min-w-0">
                <label className="inline-flex min-h-[32px] items-center gap-1 break-words text-sm">
                  <input
                    type="checkbox"
                    name="marque"
                    value={String(b.id)}
                    checked={filters.marque.includes(String(b.id))}
                    onChange={(e) => toggleBrand(String(b.id), e.target.checked)}
                  />
                  {b.name}{' '}
                  <span className="text-ink-subtle" data-brand-count={b.id}>
                    ({formatCount(liveCounts ? (liveCounts.get(b.id) ?? 0) : b.count)})
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="flex items-end sm:col-span-2 md:col-span-3">
        <button type="submit" className="btn btn-secondary">
          Appliquer les filtres
        </button>
      </div>
    </form>
  );
}
