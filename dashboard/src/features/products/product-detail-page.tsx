import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ImageOff, Pencil, RotateCw, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { HistoryPanel } from '../audit/history-panel';
import { RequireView, usePermissions } from '../auth/permissions';
import { AdjustStockDialog } from '../stock/adjust-stock-dialog';
import { ProductStockPanel } from '../stock/product-stock-panel';
import { productQueryOptions } from './api';
import { currencyLabel, formatMoney } from './money';
import { ProductFormDialog } from './product-form-dialog';
import { StockBadge } from './stock-badge';
import { useSpotlightToggle } from './use-spotlight';
import { StoredImage } from './stored-image';
import { formatTaxRate } from '@comptoir/api/document-totals';

export interface ProductDetailProps {
  productId: number;
  /** The movement history's page (`?mouvements=`). */
  movementsPage?: number;
  onMovementsPageChange?: (page: number) => void;
}

/** /dashboard/produit/{id}: one product, fetched by its id (shop view); its stock for the stock view. */
export function ProductDetailPage(props: ProductDetailProps) {
  return (
    <RequireView category="shop">
      <ProductDetail {...props} />
    </RequireView>
  );
}

function ProductDetail({ productId, movementsPage = 1, onMovementsPageChange = () => undefined }: ProductDetailProps) {
  const { can } = usePermissions();
  const query = useQuery(productQueryOptions(productId));
  const spotlight = useSpotlightToggle();
  const [activeImage, setActiveImage] = useState(0);
  const [editing, setEditing] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const ids = useId();
  const product = query.data;
  useDocumentTitle(product?.name ?? 'Produit');

  const back = (
    <Link to="/produits" className={buttonClasses('ghost', 'sm', '-ml-1 mb-1')}>
      <ArrowLeft className="size-2" aria-hidden="true" />
      Retour aux produits
    </Link>
  );

  if (query.isPending) {
    return (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner size="lg" label="Chargement du produit…" />
      </div>
    );
  }
  if (query.isError || !product) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <div>
        {back}
        <div className="rounded-lg border border-line bg-surface shadow-card">
          <EmptyState
            icon={<TriangleAlert />}
            message={notFound ? 'Produit introuvable.' : 'Erreur lors du chargement des produits.'}
            action={
              notFound ? undefined : (
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<RotateCw className="size-2" aria-hidden="true" />}
                  onClick={() => void query.refetch()}
                >
                  Réessayer
                </Button>
              )
            }
          />
        </div>
      </div>
    );
  }

  const images = product.images;
  const current = images[Math.min(activeImage, images.length - 1)];
  const popular = product.in_spotlight;

  return (
    <section aria-labelledby={`${ids}-name`}>
      {back}
      <nav aria-label="Fil d'Ariane" className="mb-1 text-xs font-medium text-ink-muted">
        Gestion de stock / Produits / <span aria-current="page">{product.name}</span>
      </nav>
      <div className="grid gap-3 rounded-lg border border-line bg-surface p-2 shadow-card md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:p-3">
        <div className="flex flex-col gap-1 md:flex-row-reverse">
          <div className="aspect-square w-full overflow-hidden rounded-lg border border-line bg-surface-muted">
            <StoredImage
              key={current?.id ?? 'none'}
              path={current?.image_path}
              variants={current?.image_variants}
              width="800"
              alt={product.name}
              loading="eager"
              className="size-full object-contain"
              fallback={
                <div className="grid size-full place-items-center text-ink-muted">
                  <span className="flex flex-col items-center gap-1">
                    <ImageOff className="size-4" aria-hidden="true" />
                    <span className="text-sm font-medium">Aucune image</span>
                  </span>
                </div>
              }
            />
          </div>
          {images.length > 1 ? (
            <ul className="flex gap-1 md:flex-col" aria-label="Images du produit">
              {images.map((image, index) => (
                <li key={image.id}>
                  <button
                    type="button"
                    onClick={() => setActiveImage(index)}
                    aria-pressed={index === activeImage}
                    aria-label={`Image ${index + 1} sur ${images.length}`}
                    className={cn(
                      'block size-8 overflow-hidden rounded-md border-2 bg-surface-muted',
                      'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500',
                      index === activeImage ? 'border-brand-600' : 'border-transparent hover:border-line',
                    )}
                  >
                    <StoredImage path={image.image_path} variants={image.image_variants} className="size-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-start justify-between gap-1">
            <div>
              <h1 id={`${ids}-name`} className="text-2xl font-semibold text-ink">
                {product.name}
              </h1>
              <p className="mt-0.5 font-mono text-xs text-ink-subtle">Réf. {product.reference}</p>
            </div>
            {can('shop', 'edit') ? (
              <Button
                variant="secondary"
                size="sm"
                icon={<Pencil className="size-2" aria-hidden="true" />}
                onClick={() => setEditing(true)}
              >
                Modifier
              </Button>
            ) : null}
          </div>
          <p className="text-3xl font-semibold text-brand-700" data-testid="product-price">
            {formatMoney(product.price, product.currency?.symbol)}
          </p>
          <div className="flex flex-wrap gap-0.5" data-testid="product-stock">
            <StockBadge stock={product.stock} withLabel />
            {popular ? <Badge tone="warning">Populaire</Badge> : null}
          </div>
          <p className="whitespace-pre-line text-ink-muted">{product.description}</p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-sm">
            <dt className="text-ink-subtle">Marque</dt>
            <dd className="font-medium text-ink">{product.brand?.name ?? '—'}</dd>
            <dt className="text-ink-subtle">Catégorie</dt>
            <dd className="font-medium text-ink">{product.category?.designation ?? '—'}</dd>
            <dt className="text-ink-subtle">Devise</dt>
            <dd className="font-medium text-ink">
              {product.currency ? `${currencyLabel(product.currency.name)} (${product.currency.symbol})` : '—'}
            </dd>
            <dt className="text-ink-subtle">TVA</dt>
            <dd className="font-medium text-ink" data-testid="product-tax">
              {product.tax_rate_bp === 0
                ? `Exonéré${product.tax_exemption ? ` : ${product.tax_exemption}` : ''}`
                : formatTaxRate(product.tax_rate_bp)}
            </dd>
            <dt className="text-ink-subtle">Modifié le</dt>
            <dd className="font-medium text-ink">{formatDateTime(product.updated_at)}</dd>
          </dl>
          {can('shop', 'edit') ? (
            <div className="flex items-center gap-1 rounded-md border border-line p-1.5">
              <Switch
                id={`${ids}-popular`}
                checked={popular}
                disabled={spotlight.pendingId === product.id}
                onCheckedChange={() => void spotlight.toggle(product)}
              />
              <label htmlFor={`${ids}-popular`} className="text-sm font-medium text-ink">
                {popular ? 'Retirer des populaires' : 'Marquer comme populaire'}
              </label>
              {spotlight.pendingId === product.id ? <Spinner size="sm" label="Mise à jour…" /> : null}
            </div>
          ) : null}
        </div>
      </div>
      {can('stock', 'view') ? (
        <ProductStockPanel
          productId={product.id}
          stock={product.stock}
          movementsPage={movementsPage}
          onMovementsPageChange={onMovementsPageChange}
          onAdjust={can('stock', 'edit') ? () => setAdjusting(true) : undefined}
        />
      ) : null}
      <div className="mt-3">
        <HistoryPanel entity="product" id={product.id} version={product.updated_at} open />
      </div>
      {editing ? <ProductFormDialog product={product} onClose={() => setEditing(false)} /> : null}
      {adjusting ? <AdjustStockDialog product={product} onClose={() => setAdjusting(false)} /> : null}
    </section>
  );
}
