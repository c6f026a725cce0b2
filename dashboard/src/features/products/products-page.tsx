import type { PublicProduct } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Eye, MoreVertical, Pencil, SlidersHorizontal, Star, StarOff, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDate, truncate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  listTableState,
  pagerOf,
  useClampPage,
  useDeleteWithConfirm,
  withPageSize,
  type DeleteWithConfirm,
} from '../../lib/use-list-page';
import { DataTable } from '../../ui/data-table';
import { actionsColumn } from '../../ui/row-actions';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { ListPageHeader } from '../../ui/list-page-header';
import { Spinner } from '../../ui/spinner';
import { RequireView, usePermissions } from '../auth/permissions';
import { AdjustStockDialog } from '../stock/adjust-stock-dialog';
import { StockFilterBar } from '../stock/stock-filter-bar';
import { stockProductsQueryOptions } from '../stock/insights-api';
import { brandOptionsQueryOptions, deleteProduct, PRODUCTS_PER_PAGE, productsQueryOptions } from './api';
import { categoryOptionsQueryOptions } from '../categories/api';
import { SavedViewsMenu } from '../saved-views/saved-views-menu';
import { ExportMenu } from '../../ui/export-menu';
import { ImportButton } from '../imports/import-dialog';
import { sortQuery, viewQueryOf, type ListViewProps, type SortSearch } from '../../lib/list-sort';
import { FacetFilter, ListToolbar } from '../../ui/facet-filter';
import type { ListPageProps } from './list-page';
import { formatMoney } from './money';
import { ProductFormDialog } from './product-form-dialog';
import { ProductThumbs } from './product-thumbs';
import { StockBadge } from './stock-badge';
import { useSpotlightToggle } from './use-spotlight';
import { listFilterQuery } from '../bulk/api';
import { ProductBulkActions } from '../bulk/product-bulk-actions';
import { useRowSelection } from '../bulk/use-row-selection';

const column = createColumnHelper<PublicProduct>();
const productId = (product: PublicProduct) => product.id;
const productName = (product: PublicProduct) => product.name;

const deletion: DeleteWithConfirm<PublicProduct> = {
  message: 'Voulez-vous vraiment supprimer ce produit ?',
  successText: 'Produit supprimé avec succès !',
  failureText: 'Erreur lors de la suppression du produit.',
  remove: (product) => deleteProduct(product.id),
  invalidate: [queryKeys.products.all, queryKeys.summary, queryKeys.publishingStatus],
};

/** The products list's URL beyond page and search: order, size and facets. */
export interface ProductsView extends SortSearch {
  category_id?: number;
  brand_id?: number;
  spotlight?: 'yes' | 'no';
}

export type ProductsPageProps = ListPageProps & Partial<ListViewProps<ProductsView>>;

/** /dashboard/produits: "Gestion de stock / Produits" (shop view). */
export function ProductsPage(props: ProductsPageProps) {
  useDocumentTitle('Produits');
  return (
    <RequireView category="shop">
      <ProductsList {...props} />
    </RequireView>
  );
}

function ProductsList({
  page,
  search,
  onPageChange,
  onSearchChange,
  stock: asked,
  days,
  onStockChange,
  view = {},
  onViewChange,
  onViewReplace,
}: ProductsPageProps) {
  const { can } = usePermissions();
  // The stock filters need stock view (a link from the home page may carry one to someone without it).
  const stock = can('stock', 'view') ? asked : undefined;
  const remove = useDeleteWithConfirm(deletion);
  const [editing, setEditing] = useState<PublicProduct | 'new' | null>(null);
  const [adjusting, setAdjusting] = useState<PublicProduct | null>(null);
  const canAdjust = can('stock', 'edit');
  // A stock filter reads the staff list (GET /api/stock/products), whose rows are the public list's and more.
  const { per_page: perPage, ...order } = sortQuery(view, PRODUCTS_PER_PAGE);
  const facets = { category_id: view.category_id, brand_id: view.brand_id, spotlight: view.spotlight };
  const all = useQuery({ ...productsQueryOptions({ page, search, perPage, ...order, ...facets }), enabled: !stock });
  const brands = useQuery({ ...brandOptionsQueryOptions, enabled: Boolean(onViewChange) });
  const categories = useQuery({ ...categoryOptionsQueryOptions, enabled: Boolean(onViewChange) });
  const filtered = useQuery({
    ...stockProductsQueryOptions({ page, search, stock: stock ?? 'low', days, perPage: PRODUCTS_PER_PAGE }),
    enabled: Boolean(stock),
  });
  const list = stock ? filtered : all;
  const products = list.data?.products;

  useClampPage(products, page, onPageChange);

  const canEdit = can('shop', 'edit');
  const canDelete = can('shop', 'delete');
  // Bulk actions on the catalogue list (a stock filter reads another list, without them).
  const bulkFilter = useMemo(() => listFilterQuery(search, { ...view }), [search, view]);
  const bulk = useRowSelection<PublicProduct>({
    filterKey: JSON.stringify(bulkFilter),
    total: products?.total,
    rowId: productId,
    rowLabel: productName,
  });
  const selectable = (canEdit || canDelete) && !stock;

  const columns = useMemo(
    () => [
      column.accessor('images', {
        header: 'Images',
        meta: { className: 'w-[1%]' },
        cell: (info) => <ProductThumbs images={info.getValue()} name={info.row.original.name} />,
      }),
      column.accessor('name', {
        header: 'Nom',
        meta: { sortKey: 'name' },
        cell: (info) => (
          <span className="inline-flex items-center gap-0.5 font-medium">
            <Link
              to="/produit/$id"
              params={{ id: String(info.row.original.id) }}
              className="hover:text-brand-700 hover:underline"
            >
              {info.getValue()}
            </Link>
            {info.row.original.in_spotlight ? (
              <Star className="size-1.5 fill-accent-500 text-accent-500" aria-label="Populaire" />
            ) : null}
          </span>
        ),
      }),
      column.accessor('stock', {
        header: 'Quantité',
        meta: { className: 'text-center', headerClassName: 'text-center', sortKey: 'stock' },
        cell: (info) => <StockBadge stock={info.getValue()} />,
      }),
      column.accessor((row) => row.brand?.name ?? '', { id: 'brand', header: 'Marque', meta: { sortKey: 'brand' } }),
      column.accessor('reference', {
        header: 'Référence',
        meta: { className: 'font-mono text-xs whitespace-nowrap', sortKey: 'reference' },
      }),
      column.accessor('price', {
        header: 'Prix',
        meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right', sortKey: 'price' },
        cell: (info) => formatMoney(info.getValue(), info.row.original.currency?.symbol),
      }),
      column.accessor((row) => row.category?.designation ?? '', {
        id: 'category',
        header: 'Catégorie',
        meta: { sortKey: 'category' },
      }),
      column.accessor('description', {
        header: 'Description',
        meta: { className: 'min-w-[200px] text-ink-muted' },
        cell: (info) => <span title={info.getValue()}>{truncate(info.getValue(), 47)}</span>,
      }),
      column.accessor('updated_at', {
        header: 'Modifié le',
        meta: { className: 'whitespace-nowrap text-ink-muted', sortKey: 'updated_at' },
        cell: (info) => formatDate(info.getValue()),
      }),
      actionsColumn<PublicProduct>((product) => (
        <ProductActions
          product={product}
          canEdit={canEdit}
          canDelete={canDelete}
          onEdit={setEditing}
          onDelete={(target) => void remove(target)}
          onAdjust={canAdjust ? setAdjusting : undefined}
        />
      )),
    ],
    [canEdit, canDelete, canAdjust, remove],
  );

  return (
    <section>
      <ListPageHeader
        title="Produits"
        total={products?.total}
        totalCapped={products?.total_capped}
        breadcrumb={['Gestion de stock', 'Produits']}
        createLabel="Ajouter un produit"
        onCreate={can('shop', 'create') ? () => setEditing('new') : undefined}
        search={search}
        onSearchChange={onSearchChange}
        searchPlaceholder="Rechercher un produit"
      />
      {onStockChange ? <StockFilterBar stock={stock} days={days} onChange={onStockChange} /> : null}
      {onViewChange && onViewReplace && !stock ? (
        <ListToolbar label="Filtrer les produits">
          <FacetFilter
            label="Catégorie"
            allLabel="Toutes"
            value={view.category_id}
            options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.designation }))}
            onChange={(value) => onViewChange({ category_id: value ? Number(value) : undefined })}
          />
          <FacetFilter
            label="Marque"
            allLabel="Toutes"
            value={view.brand_id}
            options={(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            onChange={(value) => onViewChange({ brand_id: value ? Number(value) : undefined })}
          />
          <FacetFilter
            label="Populaire"
            value={view.spotlight}
            options={[
              { value: 'yes', label: 'Oui' },
              { value: 'no', label: 'Non' },
            ]}
            onChange={(value) => onViewChange({ spotlight: value === 'yes' || value === 'no' ? value : undefined })}
          />
          <span className="ml-auto flex flex-wrap gap-1">
            {can('shop', 'create') ? (
              <ImportButton
                kind="products"
                invalidate={[queryKeys.products.all, queryKeys.summary, queryKeys.publishingStatus]}
              />
            ) : null}
            <ExportMenu path="/api/product/export" search={search} view={{ ...view }} />
            <SavedViewsMenu list="products" current={viewQueryOf(search, { ...view })} onApply={onViewReplace} />
          </span>
        </ListToolbar>
      ) : null}
      {selectable ? <ProductBulkActions rows={bulk} filter={bulkFilter} /> : null}
      <DataTable
        label="Liste des produits"
        columns={columns}
        data={products?.data}
        getRowId={(row) => String(row.id)}
        selection={selectable ? bulk.table : undefined}
        {...listTableState(list, 'Erreur lors du chargement des produits.')}
        emptyMessage="Aucun produit trouvé"
        pagination={withPageSize(pagerOf(products, onPageChange), perPage, stock ? undefined : onViewChange)}
        sort={
          onViewChange && !stock
            ? { key: view.sort, dir: view.dir, onChange: (sort, dir) => onViewChange({ sort, dir }) }
            : undefined
        }
      />
      {editing ? <ProductFormDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {adjusting ? <AdjustStockDialog product={adjusting} onClose={() => setAdjusting(null)} /> : null}
    </section>
  );
}

/**
 * A row's actions: the link to the detail and the menu (Modifier, popular toggle, Supprimer). Its
 * own component, so that the toggle's progress re-renders this row only and never the table's
 * columns (which would close an open menu).
 */
function ProductActions({
  product,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  onAdjust,
}: {
  product: PublicProduct;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (product: PublicProduct) => void;
  onDelete: (product: PublicProduct) => void;
  /** « Ajuster le stock » (stock edit right). */
  onAdjust?: (product: PublicProduct) => void;
}) {
  const { toggle, pendingId } = useSpotlightToggle();
  return (
    <span className="inline-flex items-center gap-0.5">
      <Link
        to="/produit/$id"
        params={{ id: String(product.id) }}
        className="inline-flex size-4 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500"
        aria-label={`Voir ${product.name}`}
        title="Voir le produit"
      >
        <Eye className="size-2" aria-hidden="true" />
      </Link>
      {canEdit || canDelete || onAdjust ? (
        <DropdownMenu>
          <DropdownMenuTrigger
            className="inline-flex size-4 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500"
            aria-label={`Actions pour ${product.name}`}
          >
            {pendingId === product.id ? <Spinner size="sm" /> : <MoreVertical className="size-2" aria-hidden="true" />}
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {canEdit ? (
              <DropdownMenuItem icon={<Pencil />} onSelect={() => onEdit(product)}>
                Modifier
              </DropdownMenuItem>
            ) : null}
            {canEdit ? (
              <DropdownMenuItem
                icon={product.in_spotlight ? <StarOff /> : <Star />}
                disabled={pendingId === product.id}
                onSelect={() => void toggle(product)}
              >
                {product.in_spotlight ? 'Retirer des populaires' : 'Marquer comme populaire'}
              </DropdownMenuItem>
            ) : null}
            {onAdjust ? (
              <DropdownMenuItem icon={<SlidersHorizontal />} onSelect={() => onAdjust(product)}>
                Ajuster le stock
              </DropdownMenuItem>
            ) : null}
            {canDelete ? (
              <>
                {canEdit || onAdjust ? <DropdownMenuSeparator /> : null}
                <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => onDelete(product)}>
                  Supprimer
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </span>
  );
}
