import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PackageX } from 'lucide-react';
import { usePermissions } from '../auth/permissions';
import { stockAlertsQueryOptions } from '../stock/insights-api';

/**
 * The top bar's stock alert (staff who may view stock): the number of products in low stock, out of
 * stock, with a lot expiring within 30 days or expired (GET /api/stock/alerts, every 5 minutes); a
 * link to the product list filtered by the most urgent of them.
 */
export function StockAlertsBell() {
  const { can } = usePermissions();
  const allowed = can('stock', 'view');
  const { data } = useQuery({ ...stockAlertsQueryOptions, enabled: allowed });
  if (!allowed || !data) return null;
  const total = data.low + data.expiring + data.expired;
  if (total === 0) return null;
  const parts = [
    data.low ? `${data.low} en stock bas (dont ${data.out} en rupture)` : null,
    data.expiring ? `${data.expiring} avec un lot qui expire sous ${data.expiring_days} jours` : null,
    data.expired ? `${data.expired} avec des lots périmés` : null,
  ].filter(Boolean);
  const target = data.expired ? 'expired' : data.out ? 'out' : data.low ? 'low' : 'expiring';
  return (
    <Link
      to="/produits"
      search={{ stock: target }}
      className="relative inline-flex h-5 items-center gap-0.25 rounded-md px-0.5 text-ink-muted transition-colors hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500"
      // The count shown is said first: a name must contain the text a person sees (WCAG 2.5.3).
      aria-label={`${total} ${total > 1 ? 'alertes' : 'alerte'} de stock : produits ${parts.join(', ')}`}
      title={`Produits ${parts.join(', ')}`}
      data-testid="stock-alerts"
    >
      <PackageX className="size-2.5" aria-hidden="true" />
      <span className="rounded-full bg-danger px-0.5 text-xs font-semibold text-white">{total}</span>
    </Link>
  );
}
