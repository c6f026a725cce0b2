/** A row a bulk action left as it was, and why (French, for the person). */
export interface BulkRefusal {
  id: number;
  label: string;
  reason: string;
}

/**
 * POST /api/{product|blog|order}/bulk and …/bulk/{operation_id}/undo: how many rows changed, which
 * were refused and why; `operation_id` and `undo_until` when the operation can still be taken back.
 */
export interface BulkAnswer {
  success: true;
  /** « 18 modifiés, 2 refusés » */
  message: string;
  changed: number;
  /** Rows already as asked (left untouched). */
  unchanged: number;
  refused: BulkRefusal[];
  operation_id: number | null;
  undo_until: string | null;
}
