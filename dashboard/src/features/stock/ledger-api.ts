import type {
  AdjustmentReason,
  InventoryCountAnswer,
  InventoryCountLine,
  StockAdjustmentAnswer,
  StockLotRow,
  StockLotsAnswer,
  StockMovementKind,
  StockMovementRow,
  StockMovementsAnswer,
  WriteOffExpiredAnswer,
} from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * The stock ledger's routes (docs/order-model.md "Stock: one ledger"): a product's movements and
 * lots, adjustments, the write-off of expired lots and the inventory count.
 */
export type { AdjustmentReason };
export type StockMovement = StockMovementRow;
export type StockLot = StockLotRow;
export type CountLine = InventoryCountLine;

export const MOVEMENT_KIND_LABELS: Record<StockMovementKind, string> = {
  receipt: 'Réception',
  hold: 'Réservation',
  release: 'Libération',
  delivery: 'Livraison',
  return: 'Retour',
  adjustment: 'Ajustement',
  count: 'Inventaire',
  opening: 'Stock initial',
};

export const ADJUSTMENT_REASONS: { value: AdjustmentReason; label: string }[] = [
  { value: 'casse', label: 'Casse' },
  { value: 'perte', label: 'Perte' },
  { value: 'vol', label: 'Vol' },
  { value: 'erreur_de_saisie', label: 'Erreur de saisie' },
  { value: 'inventaire', label: 'Inventaire' },
  { value: 'peremption', label: 'Péremption' },
  { value: 'autre', label: 'Autre' },
];

/** The reason's French label (an unknown key is shown as it is). */
export function reasonLabel(reason: string | null): string {
  if (!reason) return '';
  const key = reason.replace(/ /g, '_').replace('é', 'e');
  return ADJUSTMENT_REASONS.find((r) => r.value === key)?.label ?? reason;
}

export interface CountEntry {
  product_id: number;
  counted: number;
}

export const MOVEMENTS_PER_PAGE = 10;

export const ledgerKeys = {
  all: ['stock-ledger'] as const,
  movements: (productId: number, page: number) => ['stock-ledger', 'movements', productId, page] as const,
  lots: (productId: number) => ['stock-ledger', 'lots', productId] as const,
};

/** GET /api/stock/products/{id}/movements?page&per_page, newest first. */
export function movementsQueryOptions(productId: number, page: number) {
  return queryOptions({
    queryKey: ledgerKeys.movements(productId, page),
    queryFn: async ({ signal }) =>
      (
        await api.get<StockMovementsAnswer>(`/api/stock/products/${productId}/movements`, {
          signal,
          query: { page, per_page: MOVEMENTS_PER_PAGE },
        })
      ).movements,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stock/products/{id}/lots, first-expiring first. */
/** One request for a product's lots and its stock figures; each reader selects its part. */
const lotsAnswerOptions = (productId: number) => ({
  queryKey: ledgerKeys.lots(productId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<StockLotsAnswer>(`/api/stock/products/${productId}/lots`, { signal }),
});

export function lotsQueryOptions(productId: number) {
  return queryOptions({ ...lotsAnswerOptions(productId), select: (answer: StockLotsAnswer) => answer.lots });
}

/** Available, held by orders and on hand, for whoever may see the stock. */
export function stockLevelsQueryOptions(productId: number) {
  return queryOptions({ ...lotsAnswerOptions(productId), select: (answer: StockLotsAnswer) => answer.levels });
}

export interface AdjustmentPayload {
  delta: number;
  reason: AdjustmentReason;
  comment: string;
  lot_id?: number;
  version?: number;
}

/** POST /api/stock/products/{id}/adjustments: 409 below zero or stale, 422 invalid. */
export function adjustStock(productId: number, payload: AdjustmentPayload) {
  return api.post<StockAdjustmentAnswer>(`/api/stock/products/${productId}/adjustments`, payload);
}

/** POST /api/stock/products/{id}/write-off-expired. */
export function writeOffExpired(productId: number, comment?: string) {
  return api.post<WriteOffExpiredAnswer>(`/api/stock/products/${productId}/write-off-expired`, { comment });
}

/** POST /api/stock/inventory-counts/preview: the expected and counted quantities, nothing written. */
export function previewCount(counts: CountEntry[]) {
  return api.post<InventoryCountAnswer>('/api/stock/inventory-counts/preview', { counts });
}

/** POST /api/stock/inventory-counts/apply: each difference becomes a count movement. */
export function applyCount(counts: CountEntry[], comment?: string) {
  return api.post<InventoryCountAnswer>('/api/stock/inventory-counts/apply', { counts, comment });
}

/**
 * A product's available, held and on-hand quantities. The product answer carries only the available
 * stock, so this reads them from the count preview (which writes nothing) with a count of zero.
 */
