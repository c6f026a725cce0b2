import { Plus } from 'lucide-react';
import { totalText } from '../lib/format';
import { Badge } from './badge';
import { Button } from './button';
import { PageHeader } from './page-header';
import { SearchInput } from './search-input';

export interface ListPageHeaderProps {
  title: string;
  /** The list's total, shown in a badge once loaded. */
  total: number | undefined;
  /** The total is a lower bound ("1 000+", see Paginated's total_capped). */
  totalCapped?: boolean;
  breadcrumb: string[];
  /** The add button ("Ajouter une marque"), shown when `onCreate` is given. */
  createLabel: string;
  onCreate?: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  searchPlaceholder: string;
}

/** A paged list's title with its count and breadcrumb, its add button, and its search field under it. */
export function ListPageHeader({
  title,
  total,
  totalCapped,
  breadcrumb,
  createLabel,
  onCreate,
  search,
  onSearchChange,
  searchPlaceholder,
}: ListPageHeaderProps) {
  return (
    <>
      <PageHeader
        title={
          <span className="inline-flex items-center gap-1">
            {title} {total !== undefined ? <Badge tone="info">{totalText(total, totalCapped)}</Badge> : null}
          </span>
        }
        breadcrumb={breadcrumb}
        actions={
          onCreate ? (
            <Button icon={<Plus className="size-2" aria-hidden="true" />} onClick={onCreate}>
              {createLabel}
            </Button>
          ) : null
        }
      />
      <div className="mb-2">
        <SearchInput value={search} onChange={onSearchChange} placeholder={searchPlaceholder} />
      </div>
    </>
  );
}
