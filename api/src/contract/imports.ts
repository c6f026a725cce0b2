/** The staff imports (products, clients, stock entries): a preview, then its application. */
export type ImportKindName = 'products' | 'customers' | 'stock';

/** One row of the preview: its line in the file, what it would do, its errors (« Ligne 12 : … »). */
export interface ImportPreviewRow {
  line: number;
  key: string;
  label: string;
  action: 'create' | 'update' | 'error';
  errors: string[];
}

export interface ImportPreview {
  /** Sent back to apply the preview (kept by the server for `expires_in` seconds). */
  token: string;
  expires_in: number;
  kind: ImportKindName;
  file_name: string;
  total: number;
  creates: number;
  updates: number;
  invalid: number;
  /** The rows in error first (at most 500), then the first valid ones (at most 100). */
  rows: ImportPreviewRow[];
}

export interface ImportPreviewAnswer {
  success: true;
  message: string;
  preview: ImportPreview;
}

export interface ImportSummary {
  created: number;
  updated: number;
  /** Matched rows whose values were already those of the record: left alone (no write, no new version). */
  unchanged: number;
  /** Rows in error in the preview, not applied. */
  skipped: number;
  /** Rows refused while applying (stock that went below zero since the preview…), with their reason. */
  failed: { line: number; message: string }[];
}

export interface ImportApplyAnswer {
  success: true;
  message: string;
  summary: ImportSummary;
}
