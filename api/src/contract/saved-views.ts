import type { ApiAnswer } from './staff.js';

/** A named view of a back-office list: its URL parameters (sort, direction, filters, search, per_page). */
export interface SavedViewItem {
  id: number;
  list: string;
  name: string;
  query: Record<string, string | number>;
  updated_at: string;
}

/** GET /api/saved-views?list=… */
export interface SavedViewListAnswer extends ApiAnswer {
  views: SavedViewItem[];
}

/** POST /api/saved-views (a view of the same name on the same list is replaced). */
export interface SavedViewSaveAnswer extends ApiAnswer {
  view: SavedViewItem;
}
