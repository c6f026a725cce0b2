import type { PublicProduct } from '@comptoir/api/contract';
import { STOCK_COMMENT_MAX } from '@comptoir/api/text-limits';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { ArrowLeft, ClipboardCheck, Eraser } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorText } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { listTableState, pagerOf, useClampPage } from '../../lib/use-list-page';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { Field, FormAlert } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { Select } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { RequireView, usePermissions } from '../auth/permissions';
import { categoryOptionsQueryOptions } from '../categories/api';
import { productsQueryOptions } from '../products/api';
import { isCount, useCountDraft, type CountDraft } from './count-draft';
import { applyCount, ledgerKeys, previewCount, type CountEntry, type CountLine } from './ledger-api';
import { SignedQuantity } from './signed-quantity';

/** Products per page of the count sheet. */
const COUNT_PER_PAGE = 20;
const ALL_CATEGORIES = 'toutes';

export interface InventoryCountSearch {
  page: number;
  search: string;
  categoryId: number | undefined;
  /** true: the review of the differences (`?etape=ecarts`). */
  review: boolean;
}

export interface InventoryCountPageProps extends InventoryCountSearch {
  onSearchChange: (patch: Partial<InventoryCountSearch>) => void;
}

/** /dashboard/stock/inventaire: type the counted quantities, review the differences, apply them. */
export function InventoryCountPage(props: InventoryCountPageProps) {
  useDocumentTitle('Inventaire');
  return (
    <RequireView category="stock">
      <InventoryCount {...props} />
    </RequireView>
  );
}

function InventoryCount(props: InventoryCountPageProps) {
  const { user } = usePermissions();
  const draft = useCountDraft(user?.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const first = useRef(true);

  // The step changed: its heading takes the focus, so a keyboard or screen reader user follows.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [props.review]);

  return (
    <section aria-labelledby={`${ids}-title`}>
      <PageHeader
        title={
          <span id={`${ids}-title`} ref={heading} tabIndex={-1} className="focus:outline-none">
            {props.review ? 'Inventaire — écarts' : 'Inventaire'}
          </span>
        }
        breadcrumb={['Gestion de stock', 'Inventaire']}
      />
      {props.review ? (
        <CountReview counts={draft.counts} onBack={() => props.onSearchChange({ review: false })} onApplied={draft.clear} />
      ) : (
        <CountSheet {...props} draft={draft.draft} counted={draft.counts.length} setCount={draft.setCount} clear={draft.clear} />
      )}
    </section>
  );
}

const sheetColumn = createColumnHelper<PublicProduct>();

function CountSheet({
  page,
  search,
  categoryId,
  onSearchChange,
  draft,
  counted,
  setCount,
  clear,
}: InventoryCountPageProps & {
  draft: CountDraft;
  counted: number;
  setCount: (productId: number, text: string) => void;
  clear: () => void;
}) {
  const ids = useId();
  const list = useQuery(productsQueryOptions({ page, search, category_id: categoryId, perPage: COUNT_PER_PAGE }));
  const categories = useQuery(categoryOptionsQueryOptions);
  const products = list.data?.products;
  const onPageChange = (next: number) => onSearchChange({ page: next });
  useClampPage(products, page, onPageChange);

  const draftRef = useRef(draft);
  draftRef.current = draft;
  const columns = useMemo(
    () => [
      sheetColumn.accessor('name', {
        header: 'Produit',
        cell: (info) => (
          <span className="flex flex-col">
            <span className="font-medium">{info.getValue()}</span>
            <span className="font-mono text-xs text-ink-subtle">Réf. {info.row.original.reference}</span>
          </span>
        ),
      }),
      sheetColumn.accessor('stock', {
        header: 'Disponible',
        meta: { className: 'text-right tabular-nums', headerClassName: 'text-right' },
      }),
      sheetColumn.display({
        id: 'counted',
        header: 'Quantité comptée',
        meta: { className: 'w-[1%]' },
        cell: (info) => <CountInput product={info.row.original} draftRef={draftRef} setCount={setCount} />,
      }),
    ],
    [setCount],
  );

  const categoryOptions = [
    { value: ALL_CATEGORIES, label: 'Toutes les catégories' },
    ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.designation })),
  ];

  return (
    <>
      <div className="mb-2 flex flex-col gap-1 sm:flex-row sm:items-end">
        <SearchInput
          value={search}
          onChange={(next) => onSearchChange({ search: next, page: 1 })}
          placeholder="Rechercher un produit"
        />
        <div className="flex flex-col gap-0.5 sm:w-[260px]">
          <label htmlFor={`${ids}-category`} className="text-sm font-medium text-ink">
            Catégorie
          </label>
          <Select
            id={`${ids}-category`}
            value={categoryId ? String(categoryId) : ALL_CATEGORIES}
            onValueChange={(value) =>
              onSearchChange({ categoryId: value === ALL_CATEGORIES ? undefined : Number(value), page: 1 })
            }
            options={categoryOptions}
          />
        </div>
      </div>
      <DataTable
        label="Feuille de comptage"
        columns={columns}
        data={products?.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des produits.')}
        emptyMessage="Aucun produit trouvé"
        pagination={pagerOf(products, onPageChange)}
      />
      <div className="sticky bottom-0 mt-2 flex flex-wrap items-center justify-between gap-1 rounded-lg border border-line bg-surface p-1.5 shadow-card">
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="counted-total">
          {counted === 0 ? 'Aucun produit compté' : `${counted} produit${counted > 1 ? 's' : ''} compté${counted > 1 ? 's' : ''}`}
        </p>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            disabled={counted === 0 && Object.keys(draft).length === 0}
            icon={<Eraser className="size-2" aria-hidden="true" />}
            onClick={clear}
          >
            Effacer le comptage
          </Button>
          <Button
            size="sm"
            disabled={counted === 0}
            icon={<ClipboardCheck className="size-2" aria-hidden="true" />}
            onClick={() => onSearchChange({ review: true })}
          >
            Vérifier les écarts
          </Button>
        </div>
      </div>
    </>
  );
}

/** One product's counted quantity; reads the draft through a ref so the table's columns stay stable. */
function CountInput({
  product,
  draftRef,
  setCount,
}: {
  product: PublicProduct;
  draftRef: { current: CountDraft };
  setCount: (productId: number, text: string) => void;
}) {
  const value = draftRef.current[product.id] ?? '';
  const invalid = value !== '' && !isCount(value);
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      className="w-[110px] text-right tabular-nums"
      aria-label={`Quantité comptée — ${product.name}`}
      aria-invalid={invalid || undefined}
      value={value}
      onChange={(event) => setCount(product.id, event.target.value)}
    />
  );
}

const reviewColumn = createColumnHelper<CountLine>();

function CountReview({ counts, onBack, onApplied }: { counts: CountEntry[]; onBack: () => void; onApplied: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [comment, setComment] = useState('');
  const [applying, setApplying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: ['stock-ledger', 'count-preview', counts] as const,
    queryFn: () => previewCount(counts),
    enabled: counts.length > 0,
    staleTime: 0,
  });
  const differences = (preview.data?.lines ?? []).filter((line) => line.difference !== 0);
  const same = (preview.data?.lines.length ?? 0) - differences.length;

  const columns = useMemo(
    () => [
      reviewColumn.accessor('name', {
        header: 'Produit',
        cell: (info) => (
          <span className="flex flex-col">
            <span className="font-medium">{info.getValue()}</span>
            {info.row.original.reference ? (
              <span className="font-mono text-xs text-ink-subtle">Réf. {info.row.original.reference}</span>
            ) : null}
          </span>
        ),
      }),
      reviewColumn.accessor('on_hand', {
        header: 'Attendu',
        meta: { className: 'text-right tabular-nums', headerClassName: 'text-right' },
      }),
      reviewColumn.accessor('counted', {
        header: 'Compté',
        meta: { className: 'text-right tabular-nums', headerClassName: 'text-right' },
      }),
      reviewColumn.accessor('difference', {
        header: 'Écart',
        meta: { className: 'text-right', headerClassName: 'text-right' },
        cell: (info) => <SignedQuantity value={info.getValue()} />,
      }),
    ],
    [],
  );

  const apply = async () => {
    setApplying(true);
    setFailure(null);
    try {
      const applied = (await applyCount(counts, comment.trim() || undefined)).applied ?? 0;
      notifySuccess(
        'Inventaire appliqué.',
        `${applied} ajustement${applied > 1 ? 's' : ''} enregistré${applied > 1 ? 's' : ''}.`,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stockInsights.all }),
      ]);
      onApplied();
      onBack();
    } catch (error) {
      const message = errorText(error, 'Erreur lors de l’application de l’inventaire.', 'Erreur de connexion au serveur.');
      setFailure(message);
      notifyError('Erreur lors de l’application de l’inventaire.', message);
    } finally {
      setApplying(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button
          variant="ghost"
          size="sm"
          icon={<ArrowLeft className="size-2" aria-hidden="true" />}
          onClick={onBack}
          disabled={applying}
        >
          Retour au comptage
        </Button>
      </div>
      {counts.length === 0 ? (
        <FormAlert tone="info">Aucune quantité comptée : saisissez d’abord le comptage.</FormAlert>
      ) : preview.isPending ? (
        <div className="flex justify-center py-4 text-brand-700">
          <Spinner size="lg" label="Calcul des écarts…" />
        </div>
      ) : preview.isError ? (
        <FormAlert>{errorText(preview.error, 'Erreur lors du calcul des écarts.', 'Erreur de connexion au serveur.')}</FormAlert>
      ) : (
        <>
          <p className="text-sm text-ink-muted" data-testid="count-summary">
            {differences.length === 0
              ? 'Aucun écart : le stock correspond au comptage.'
              : `${differences.length} écart${differences.length > 1 ? 's' : ''} à appliquer`}
            {same > 0 ? ` · ${same} produit${same > 1 ? 's' : ''} sans écart` : ''}
          </p>
          {differences.length > 0 ? (
            <>
              <DataTable
                label="Écarts d’inventaire"
                columns={columns}
                data={differences}
                getRowId={(row) => String(row.product_id)}
                isLoading={false}
                emptyMessage="Aucun écart"
              />
              {can('stock', 'edit') ? (
                <form
                  className="flex flex-col gap-1.5 rounded-lg border border-line bg-surface p-2 shadow-card"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void apply();
                  }}
                >
                  {failure ? <FormAlert>{failure}</FormAlert> : null}
                  <Field id={`${ids}-comment`} label="Commentaire (facultatif)">
                    <Textarea
                      rows={2}
                      maxLength={STOCK_COMMENT_MAX}
                      value={comment}
                      onChange={(event) => setComment(event.target.value)}
                    />
                  </Field>
                  <div>
                    <Button type="submit" loading={applying}>
                      Appliquer
                    </Button>
                  </div>
                </form>
              ) : null}
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
