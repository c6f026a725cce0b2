import type { OrderItemRow, StaffArticle } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { ArrowRight, Eye, ImageOff } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { formatDate, formatDateTime, fullName, truncate } from '../../lib/format';
import { listTableState } from '../../lib/use-list-page';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { ARTICLE_STATUS_TONE } from '../articles/status';
import { OrderStatusBadge } from '../orders/status-badge';
import { formatMoney } from '../products/money';
import { latestArticlesQueryOptions, latestOrdersQueryOptions } from './api';

// The two side panels are fetched when first opened: the home screen itself does not need them.
const ArticlePreviewDialog = lazy(() =>
  import('../articles/article-preview-dialog').then((m) => ({ default: m.ArticlePreviewDialog })),
);
const OrderDetailDialog = lazy(() => import('../orders/order-detail-dialog').then((m) => ({ default: m.OrderDetailDialog })));
import { StoredImage } from '../products/stored-image';

const articleColumn = createColumnHelper<StaffArticle>();
const orderColumn = createColumnHelper<OrderItemRow>();

function SectionTitle({
  id,
  title,
  to,
  linkLabel,
}: {
  id: string;
  title: string;
  to: '/articles' | '/commandes';
  linkLabel: string;
}) {
  return (
    <div className="mb-1 flex items-center justify-between gap-1">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <Link to={to} className="inline-flex items-center gap-0.5 text-sm font-medium text-brand-700 hover:underline">
        {linkLabel}
        <ArrowRight className="size-1.5" aria-hidden="true" />
      </Link>
    </div>
  );
}

/** The 5 latest articles, each with a preview. */
export function LatestArticles() {
  const query = useQuery(latestArticlesQueryOptions);
  const [previewing, setPreviewing] = useState<StaffArticle | null>(null);
  const columns = useMemo(
    () => [
      articleColumn.accessor('title', {
        header: 'Article',
        cell: (info) => {
          const article = info.row.original;
          return (
            <span className="flex items-center gap-1">
              <StoredImage
                path={article.image}
                variants={article.image_variants}
                className="h-4 w-6 rounded-sm object-cover"
                fallback={
                  <span className="grid h-4 w-6 place-items-center rounded-sm bg-surface-muted text-ink-subtle">
                    <ImageOff className="size-1.5" aria-hidden="true" />
                  </span>
                }
              />
              <span className="font-medium" title={info.getValue()}>
                {truncate(info.getValue(), 47)}
              </span>
            </span>
          );
        },
      }),
      articleColumn.accessor('status', {
        header: 'Statut',
        cell: (info) => <Badge tone={ARTICLE_STATUS_TONE[info.getValue()]}>{info.getValue()}</Badge>,
      }),
      articleColumn.accessor((row) => fullName(row.user), {
        id: 'author',
        header: 'Auteur',
        cell: (info) => (
          <span className="flex items-center gap-0.5 whitespace-nowrap">
            <Avatar src={info.row.original.user?.image} size="sm" />
            {info.getValue() || 'Auteur inconnu'}
          </span>
        ),
      }),
      articleColumn.accessor('created_at', {
        header: 'Date',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDate(info.getValue()),
      }),
      articleColumn.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] text-right' },
        cell: (info) => (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Aperçu de ${info.row.original.title}`}
            title="Aperçu"
            onClick={() => setPreviewing(info.row.original)}
          >
            <Eye className="size-2" aria-hidden="true" />
          </Button>
        ),
      }),
    ],
    [],
  );
  return (
    <section aria-labelledby="latest-articles">
      <SectionTitle id="latest-articles" title="Derniers articles" to="/articles" linkLabel="Tous les articles" />
      <DataTable
        label="Derniers articles"
        columns={columns}
        data={query.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(query, 'Erreur lors du chargement des articles.')}
        emptyMessage="Aucun article trouvé"
      />
      {previewing ? (
        <Suspense fallback={null}>
          <ArticlePreviewDialog article={previewing} onClose={() => setPreviewing(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The 5 latest order lines; "Afficher" opens the order in a side panel with its status chooser. */
export function LatestOrders() {
  const query = useQuery(latestOrdersQueryOptions);
  const [showing, setShowing] = useState<number | null>(null);
  const columns = useMemo(
    () => [
      orderColumn.accessor((row) => row.order.status, {
        id: 'status',
        header: 'Statut',
        cell: (info) => <OrderStatusBadge status={info.getValue()} />,
      }),
      orderColumn.accessor((row) => row.order.order_num, {
        id: 'order_num',
        header: 'N° de commande',
        meta: { className: 'whitespace-nowrap font-mono text-xs' },
      }),
      orderColumn.accessor((row) => row.order.company_name, { id: 'client', header: 'Client' }),
      orderColumn.accessor((row) => row.product?.name ?? row.product_name, {
        id: 'product',
        header: 'Produit',
        cell: (info) => <span title={info.getValue()}>{truncate(info.getValue(), 23)}</span>,
      }),
      orderColumn.accessor('total_price', {
        header: 'Total TTC',
        meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right' },
        cell: (info) => formatMoney(info.getValue(), info.row.original.currency_symbol),
      }),
      orderColumn.accessor('created_at', {
        header: 'Date',
        meta: { className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => formatDateTime(info.getValue()),
      }),
      orderColumn.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] text-right' },
        cell: (info) => (
          <Button variant="secondary" size="sm" onClick={() => setShowing(info.row.original.order.id)}>
            Afficher
          </Button>
        ),
      }),
    ],
    [],
  );
  return (
    <section aria-labelledby="latest-orders">
      <SectionTitle id="latest-orders" title="Dernières commandes" to="/commandes" linkLabel="Toutes les commandes" />
      <DataTable
        label="Dernières commandes"
        columns={columns}
        data={query.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(query, 'Erreur lors du chargement des commandes.')}
        emptyMessage="Aucune commande trouvée"
      />
      {showing !== null ? (
        <Suspense fallback={null}>
          <OrderDetailDialog orderId={showing} placement="right" onClose={() => setShowing(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
