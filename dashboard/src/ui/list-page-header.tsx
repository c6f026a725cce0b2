import { Plus } from 'lucide-react';
import { pad2 } from '../lib/format';
import { Badge } from './badge';
import { Button } from './button';
import { PageHeader } from './page-header';
import { SearchInput } from './search-input';

export interface ListPageHeaderProps {
  title: string;
  /** The list's total, shown in a badge once loaded. */
  total: number | undefined;
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
            {title} {total !== undefined ? <Badge tone="info">{pad2(total)}</Badge> : null}
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
