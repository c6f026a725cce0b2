import type { StockListFilter } from '@comptoir/api/contract';
import { usePermissions } from '../auth/permissions';
import { DEFAULT_EXPIRY_DAYS, STOCK_FILTERS, stockFilterLabel } from './insights-api';

/**
 * The product list's stock filters, kept in the URL (`?stock=low`, `&days=60`):
 * Tous, Stock bas, En rupture, Expire sous N jours (N editable), Lots périmés. Only for staff who may view stock.
 */
export function StockFilterBar({
  stock,
  days,
  onChange,
}: {
  stock?: StockListFilter;
  days?: number;
  onChange: (stock: StockListFilter | undefined, days: number | undefined) => void;
}) {
  const { can } = usePermissions();
  if (!can('stock', 'view')) return null;
  const chip = (active: boolean) =>
    `rounded-full border px-1 py-0.25 text-sm transition-colors ${active ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-surface text-ink hover:bg-surface-muted'}`;
  return (
    <div role="group" aria-label="Filtrer par état du stock" className="mb-1 flex flex-wrap items-center gap-0.5">
      <button type="button" className={chip(!stock)} aria-pressed={!stock} onClick={() => onChange(undefined, undefined)}>
        Tous
      </button>
      {STOCK_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className={chip(stock === filter)}
          aria-pressed={stock === filter}
          onClick={() => onChange(filter, filter === 'expiring' ? days : undefined)}
        >
          {stockFilterLabel(filter, filter === 'expiring' ? (days ?? DEFAULT_EXPIRY_DAYS) : undefined)}
        </button>
      ))}
      {stock === 'expiring' ? (
        <label className="ml-0.5 inline-flex items-center gap-0.5 text-sm text-ink-muted">
          Jours
          <input
            type="number"
            min={0}
            max={3650}
            className="w-5 rounded border border-line px-0.5 py-0.25"
            value={days ?? DEFAULT_EXPIRY_DAYS}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (Number.isInteger(value) && value >= 0 && value <= 3650)
                onChange('expiring', value === DEFAULT_EXPIRY_DAYS ? undefined : value);
            }}
          />
        </label>
      ) : null}
    </div>
  );
}
