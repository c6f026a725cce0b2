import { stockLabel } from '../../lib/products';

export function StockBadge({ stock }: { stock: number }) {
  const available = stock > 0;
  return (
    <span
      className={`inline-flex items-center gap-0.5 rounded-full px-1 py-0.5 text-sm font-semibold ${available ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`}
      data-stock={stock}
    >
      <span aria-hidden="true" className={`h-1 w-1 rounded-full ${available ? 'bg-success' : 'bg-danger'}`} />
      {stockLabel(stock)}
    </span>
  );
}
