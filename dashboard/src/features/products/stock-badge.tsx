import { Badge } from '../../ui/badge';

/** "En stock" count, or "Épuisé" at 0. */
export function StockBadge({ stock, withLabel = false }: { stock: number; withLabel?: boolean }) {
  return stock > 0 ? (
    <Badge tone="success">{withLabel ? `En stock (${stock})` : stock}</Badge>
  ) : (
    <Badge tone="danger">Épuisé</Badge>
  );
}
