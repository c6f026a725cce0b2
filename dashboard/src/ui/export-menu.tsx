import { FileDown } from 'lucide-react';
import type { ViewValue } from '../lib/list-sort';
import { Button } from './button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';

export interface ExportMenuProps {
  /** The list's export route, e.g. `/api/product/export`. */
  path: string;
  search: string;
  /** The list's URL view (`sort`, `dir`, `size`, facets): the file has the list's filters and order. */
  view: Record<string, ViewValue>;
}

/** The export's query: the URL's search, facets and order in the API's names; page and size left out. */
export function exportHref(path: string, format: 'csv' | 'xlsx', search: string, view: Record<string, ViewValue>): string {
  const { sort, dir, size: _size, vue: _vue, ...facets } = view;
  const params = new URLSearchParams({ format });
  if (search) params.set('search', search);
  if (sort) {
    params.set('sort', String(sort));
    params.set('direction', String(dir ?? 'asc'));
  }
  for (const [key, value] of Object.entries(facets)) if (value !== undefined && value !== '') params.set(key, String(value));
  return `${path}?${params.toString()}`;
}

/** Downloads without leaving the page: the answer is an attachment, the browser saves it. */
function download(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** « Exporter »: the list as filtered and sorted on screen, every page, as CSV or Excel. */
export function ExportMenu({ path, search, view }: ExportMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" size="sm" icon={<FileDown className="size-2" aria-hidden="true" />}>
          Exporter
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => download(exportHref(path, 'csv', search, view))}>CSV (Excel, « ; »)</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => download(exportHref(path, 'xlsx', search, view))}>Excel (.xlsx)</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
