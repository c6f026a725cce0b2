import type { StockListFilter } from '@comptoir/api/contract';
/** What a server-paged list screen receives from its route (page and search live in the URL). */
export interface ListPageProps {
  page: number;
  search: string;
  onPageChange: (page: number) => void;
  onSearchChange: (search: string) => void;
  /** The product list's stock filter (`?stock=low|out|expiring|expired&days=`), absent elsewhere. */
  stock?: StockListFilter;
  days?: number;
  onStockChange?: (stock: StockListFilter | undefined, days: number | undefined) => void;
}
