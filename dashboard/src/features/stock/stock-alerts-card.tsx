import type { StockListFilter } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card } from '../../ui/card';
import { usePermissions } from '../auth/permissions';
import { stockAlertsQueryOptions } from './insights-api';

/**
 * The home page's stock alerts, the same counts as the daily digest and the top
 * bar's badge: each opens the product list filtered by it. Only for staff who may view stock.
 */
export function StockAlertsCard() {
  const { can } = usePermissions();
  const allowed = can('stock', 'view');
  const { data } = useQuery({ ...stockAlertsQueryOptions, enabled: allowed });
  if (!allowed || !data) return null;
  const items: { filter: StockListFilter; count: number; label: string }[] = [
    { filter: 'low', count: data.low, label: 'en stock bas' },
    { filter: 'out', count: data.out, label: 'en rupture' },
    { filter: 'expiring', count: data.expiring, label: `avec un lot qui expire sous ${data.expiring_days} jours` },
    { filter: 'expired', count: data.expired, label: 'avec des lots périmés' },
  ];
  return (
    <Card title="Alertes de stock" titleId="stock-alerts-title" className="p-1.5">
      <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((item) => (
          <li key={item.filter}>
            <Link
              to="/produits"
              search={{ stock: item.filter }}
              className="block rounded-md border border-line p-1 hover:bg-surface-muted"
            >
              <span className="block text-2xl font-semibold tabular-nums text-ink">{item.count}</span>
              <span className="text-sm text-ink-muted">
                {item.count > 1 ? 'produits' : 'produit'} {item.label}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
