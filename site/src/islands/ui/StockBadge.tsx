import { stockBadge } from '@comptoir/api/product-card';

export function StockBadge({ stock }: { stock: number }) {
  const badge = stockBadge(stock);
  return (
    <span className={badge.className} data-stock={stock}>
      <span aria-hidden="true" className={badge.dotClassName} />
      {badge.label}
    </span>
  );
}
