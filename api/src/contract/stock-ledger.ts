import type { Paginated } from './staff.js';

/** A stock movement's kind (docs/order-model.md, "Stock: one ledger"). */
export type StockMovementKind = 'receipt' | 'hold' | 'release' | 'delivery' | 'return' | 'adjustment' | 'count' | 'opening';

/** Why staff adjusted a product's stock (POST /api/stock/products/{id}/adjustments). */
export type AdjustmentReason = 'casse' | 'perte' | 'vol' | 'erreur_de_saisie' | 'inventaire' | 'peremption' | 'autre';

/** A row of GET /api/stock/products/{id}/movements, newest first. */
export interface StockMovementRow {
  id: number;
  kind: StockMovementKind;
  available_delta: number;
  held_delta: number;
  reason: string | null;
  comment: string | null;
  document_type: 'order' | 'stock_entry' | 'delivery' | 'inventory_count' | 'product' | null;
  document_id: number | null;
  /** "CMD-2026-00042", "Entrée « … »", "Inventaire", "BL-2026-00001", "Fiche produit"; null without a document. */
  document_label: string | null;
  lot_id: number | null;
  user: { id: number; name: string } | null;
  created_at: string;
}

export interface StockMovementsAnswer {
  success: true;
  message: string;
  movements: Paginated<StockMovementRow>;
}

/** A row of GET /api/stock/products/{id}/lots, first-expiring first (no expiry last). */
export interface StockLotRow {
  id: number;
  stock_entry_id: number | null;
  entry_name: string | null;
  quantity_received: number;
  quantity_left: number;
  expiry_date: string | null;
  manufacture_date: string | null;
  received_at: string;
  expired: boolean;
}

/** A product's stock figures: available to order, held by orders, on hand (the two together). */
export interface StockLevels {
  stock: number;
  held: number;
  on_hand: number;
}

export interface StockLotsAnswer {
  success: true;
  message: string;
  lots: StockLotRow[];
  levels: StockLevels;
}

/** POST /api/stock/products/{id}/adjustments answer: the product's new figures. */
export interface StockAdjustmentAnswer {
  success: true;
  message: string;
  stock: number;
  held: number;
  version: number;
}

export interface WriteOffExpiredAnswer {
  success: true;
  message: string;
  /** Units written off (0 when no expired lot had units left). */
  written_off: number;
}

/** A line of an inventory count, previewed or applied. */
export interface InventoryCountLine {
  product_id: number;
  name: string;
  reference: string | null;
  stock: number;
  held: number;
  on_hand: number;
  counted: number;
  /** counted − on_hand. */
  difference: number;
}

export interface InventoryCountAnswer {
  success: true;
  message: string;
  /** Lines whose difference became a movement (apply only). */
  applied?: number;
  lines: InventoryCountLine[];
}
