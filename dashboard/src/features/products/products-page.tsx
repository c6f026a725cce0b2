import type { PublicProduct } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Eye, MoreVertical, Pencil, Star, StarOff, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDate, truncate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { listTableState, pagerOf, useClampPage, useDeleteWithConfirm, type DeleteWithConfirm } from '../../lib/use-list-page';
import { DataTable } from '../../ui/data-table';
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
import { StockFilterBar } from '../stock/stock-filter-bar';
import { stockProductsQueryOptions } from '../stock/insights-api';
import { deleteProduct, PRODUCTS_PER_PAGE, productsQueryOptions } from './api';
import type { ListPageProps } from './list-page';
import { formatMoney } from './money';
import { ProductFormDialog } from './product-form-dialog';
import { ProductThumbs } from './product-thumbs';
import { StockBadge } from './stock-badge';
import { useSpotlightToggle } from './use-spotlight';

const column = createColumnHelper<PublicProduct>();

const deletion: DeleteWithConfirm<PublicProduct> = {
  message: 'Voulez-vous vraiment supprimer ce produit ?',
  successText: 'Produit supprimé avec succès !',
  failureText: 'Erreur lors de la suppression du produit.',
  remove: (product) => deleteProduct(product.id),
  invalidate: [queryKeys.products.all, queryKeys.summary, queryKeys.publishingStatus],
};

/** /dashboard/produits: "Gestion de stock / Produits" (shop view). */
export function ProductsPage(props: ListPageProps) {
  useDocumentTitle('Produits');
  return (
    <RequireView category="shop">
      <ProductsList {...props} />
    </RequireView>
  );
}

function ProductsList({ page, search, onPageChange, onSearchChange, stock: asked, days, onStockChange }: ListPageProps) {
  const { can } = usePermissions();
  // The stock filters need stock view (a link from the home page may carry one to someone without it).
  const stock = can('stock', 'view') ? asked : undefined;
  const remove = useDeleteWithConfirm(deletion);
  const [editing, setEditing] = useState<PublicProduct | 'new' | null>(null);
  // A stock filter reads the staff list (GET /api/stock/products), whose rows are the public list's and more.
  const all = useQuery({ ...productsQueryOptions({ page, search }), enabled: !stock });
  const filtered = useQuery({
    ...stockProductsQueryOptions({ page, search, stock: stock ?? 'low', days, perPage: PRODUCTS_PER_PAGE }),
    enabled: Boolean(stock),
  });
  const list = stock ? filtered : all;
  const products = list.data?.products;

  useClampPage(products, page, onPageChange);

  const canEdit = can('shop', 'edit');
  const canDelete = can('shop', 'delete');

  const columns = useMemo(
    () => [
      column.accessor('images', {
        header: 'Images',
        meta: { className: 'w-[1%]' },
        cell: (info) => <ProductThumbs images={info.getValue()} name={info.row.original.name} />,
      }),
      column.accessor('name', {
        header: 'Nom',
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
        meta: { className: 'text-center', headerClassName: 'text-center' },
        cell: (info) => <StockBadge stock={info.getValue()} />,
      }),
      column.accessor((row) => row.brand?.name ?? '', { id: 'brand', header: 'Marque' }),
      column.accessor('reference', { header: 'Référence', meta: { className: 'font-mono text-xs whitespace-nowrap' } }),
      column.accessor('price', {
        header: 'Prix',
        meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right' },
        cell: (info) => formatMoney(info.getValue(), info.row.original.currency?.symbol),
      }),
      column.accessor((row) => row.category?.designation ?? '', { id: 'category', header: 'Catégorie' }),
      column.accessor('description', {
        header: 'Description',
        meta: { className: 'min-w-[200px] text-ink-muted' },
        cell: (info) => <span title={info.getValue()}>{truncate(info.getValue(), 47)}</span>,
      }),
      column.accessor('updated_at', {
        header: 'Modifié le',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDate(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] whitespace-nowrap text-right' },
        cell: (info) => (
          <ProductActions
            product={info.row.original}
            canEdit={canEdit}
            canDelete={canDelete}
            onEdit={setEditing}
            onDelete={(product) => void remove(product)}
          />
        ),
      }),
    ],
    [canEdit, canDelete, remove],
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
      <DataTable
        label="Liste des produits"
        columns={columns}
        data={products?.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des produits.')}
        emptyMessage="Aucun produit trouvé"
        pagination={pagerOf(products, onPageChange)}
      />
      {editing ? <ProductFormDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
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
}: {
  product: PublicProduct;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (product: PublicProduct) => void;
  onDelete: (product: PublicProduct) => void;
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
      {canEdit || canDelete ? (
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
            {canDelete ? (
              <>
                {canEdit ? <DropdownMenuSeparator /> : null}
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
