import type { ArticleStatus, StaffArticle } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Eye, ImageOff, MoreVertical, PenLine, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, fullName, totalText, truncate } from '../../lib/format';
import { sortQuery, viewQueryOf, type ListViewProps, type SortSearch } from '../../lib/list-sort';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { listTableState, pagerOf, useClampPage, withPageSize } from '../../lib/use-list-page';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { useConfirm } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { DayFilter, FacetFilter, ListToolbar } from '../../ui/facet-filter';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { ExportMenu } from '../../ui/export-menu';
import { adminsQueryOptions } from '../administration/admins/api';
import { RequireView, usePermissions } from '../auth/permissions';
import type { ListPageProps } from '../products/list-page';
import { PublishingIndicator } from '../publishing/publishing-indicator';
import { SavedViewsMenu } from '../saved-views/saved-views-menu';
import { ARTICLES_PER_PAGE, articlesQueryOptions, deleteArticle } from './api';
import { ArticlePreviewDialog } from './article-preview-dialog';
import { listFilterQuery } from '../bulk/api';
import { ArticleBulkActions } from '../bulk/article-bulk-actions';
import { useRowSelection } from '../bulk/use-row-selection';
import { ARTICLE_STATUS_TONE, ARTICLE_STATUSES } from './status';
import { StoredImage } from '../products/stored-image';

/** The articles list's URL beyond page and search: order, size, status, author, creation dates. */
export interface ArticlesView extends SortSearch {
  status?: ArticleStatus;
  user_id?: number;
  from?: string;
  to?: string;
}

export type ArticlesPageProps = ListPageProps & ListViewProps<ArticlesView>;

/** /dashboard/articles: "Blog / Tous les articles" (blog view). */
export function ArticlesPage(props: ArticlesPageProps) {
  useDocumentTitle('Tous les articles');
  return (
    <RequireView category="blog">
      <ArticlesList {...props} />
    </RequireView>
  );
}

const column = createColumnHelper<StaffArticle>();
const articleId = (article: StaffArticle) => article.id;
const articleTitle = (article: StaffArticle) => article.title;

function ArticlesList({ page, search, onPageChange, onSearchChange, view, onViewChange, onViewReplace }: ArticlesPageProps) {
  const { can } = usePermissions();
  const { per_page: perPage, ...order } = sortQuery(view, ARTICLES_PER_PAGE);
  const list = useQuery(
    articlesQueryOptions({
      page,
      search,
      perPage,
      ...order,
      status: view.status,
      user_id: view.user_id,
      from: view.from,
      to: view.to,
    }),
  );
  const blogs = list.data?.blogs;
  const [previewing, setPreviewing] = useState<StaffArticle | null>(null);
  const bulkFilter = useMemo(() => listFilterQuery(search, { ...view }), [search, view]);
  const bulk = useRowSelection<StaffArticle>({
    filterKey: JSON.stringify(bulkFilter),
    total: blogs?.total,
    rowId: articleId,
    rowLabel: articleTitle,
  });
  const selectable = can('blog', 'edit') || can('blog', 'delete');
  useClampPage(blogs, page, onPageChange);
  // The author facet lists the administrators (who may read them; the server caps a page at 100).
  const authors = useQuery({ ...adminsQueryOptions({ page: 1, search: '', perPage: 100 }), enabled: can('admin', 'view') });
  const authorOptions = (authors.data?.admins.data ?? []).map((u) => ({ value: String(u.id), label: fullName(u) }));

  const filters: Array<{ value: ArticleStatus | undefined; label: string }> = [
    { value: undefined, label: 'Tout' },
    ...ARTICLE_STATUSES.map((value) => ({ value, label: value })),
  ];

  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: 'Titre',
        meta: { sortKey: 'title', className: 'min-w-[240px]' },
        cell: (info) => <ArticleCard article={info.row.original} onPreview={() => setPreviewing(info.row.original)} />,
      }),
      column.accessor('status', {
        header: 'Statut',
        meta: { sortKey: 'status' },
        cell: (info) => <Badge tone={ARTICLE_STATUS_TONE[info.getValue()]}>{info.getValue()}</Badge>,
      }),
      column.accessor((row) => fullName(row.user) || 'Auteur inconnu', {
        id: 'author',
        header: 'Auteur',
        meta: { sortKey: 'author' },
        cell: (info) => (
          <span className="inline-flex items-center gap-1">
            <Avatar src={info.row.original.user?.image} size="sm" />
            {info.getValue()}
          </span>
        ),
      }),
      column.accessor('created_at', {
        header: 'Créé le',
        meta: { sortKey: 'created_at', className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => <time dateTime={info.getValue()}>{formatDate(info.getValue())}</time>,
      }),
      column.accessor('updated_at', {
        header: 'Modifié le',
        meta: { sortKey: 'updated_at', className: 'whitespace-nowrap text-ink-muted' },
        cell: (info) => (info.getValue() ? <time dateTime={info.getValue()}>{formatDate(info.getValue())}</time> : '—'),
      }),
    ],
    [],
  );

  return (
    <section aria-labelledby="articles-title">
      <PageHeader
        title={
          <span id="articles-title">
            Tous les articles{blogs ? <span className="sr-only"> ({totalText(blogs.total, blogs.total_capped)})</span> : null}
          </span>
        }
        breadcrumb={['Blog', 'Tous les articles']}
        actions={
          <>
            <PublishingIndicator />
            {can('blog', 'create') ? (
              <Link to="/ecrire-article" className={buttonClasses('primary')}>
                <PenLine className="size-2" aria-hidden="true" />
                Écrire un article
              </Link>
            ) : null}
          </>
        }
      />
      <div className="mb-2 flex flex-wrap items-center justify-between gap-1.5">
        <SearchInput value={search} onChange={onSearchChange} placeholder="Rechercher un article par titre" />
        <div className="flex flex-wrap gap-0.5" role="group" aria-label="Filtrer par statut">
          {filters.map((filter) => {
            const active = filter.value === view.status;
            return (
              <button
                key={filter.label}
                type="button"
                aria-pressed={active}
                onClick={() => onViewChange({ status: filter.value })}
                className={cn(
                  'h-4 rounded-full border px-1.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500',
                  active
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-line bg-surface text-ink-muted hover:bg-surface-muted',
                )}
              >
                {filter.label}
              </button>
            );
          })}
        </div>
      </div>
      <ListToolbar label="Filtrer les articles">
        {authorOptions.length > 0 ? (
          <FacetFilter
            label="Auteur"
            value={view.user_id}
            options={authorOptions}
            onChange={(value) => onViewChange({ user_id: value ? Number(value) : undefined })}
          />
        ) : null}
        <DayFilter label="Créés du" value={view.from} onChange={(from) => onViewChange({ from })} />
        <DayFilter label="au" value={view.to} onChange={(to) => onViewChange({ to })} />
        <span className="ml-auto flex gap-1">
          <ExportMenu path="/api/blog/export" search={search} view={{ ...view }} />
          <SavedViewsMenu list="articles" current={viewQueryOf(search, { ...view })} onApply={onViewReplace} />
        </span>
      </ListToolbar>
      {selectable ? <ArticleBulkActions rows={bulk} filter={bulkFilter} /> : null}
      <DataTable
        label="Liste des articles"
        columns={columns}
        data={blogs?.data}
        getRowId={(row) => String(row.id)}
        selection={selectable ? bulk.table : undefined}
        {...listTableState(list, 'Erreur lors du chargement des articles.')}
        emptyMessage="Aucun article trouvé"
        pagination={withPageSize(pagerOf(blogs, onPageChange), perPage, onViewChange)}
        sort={{ key: view.sort, dir: view.dir, onChange: (sort, dir) => onViewChange({ sort, dir }) }}
      />
      {previewing ? <ArticlePreviewDialog article={previewing} onClose={() => setPreviewing(null)} /> : null}
    </section>
  );
}

function ArticleCard({ article, onPreview }: { article: StaffArticle; onPreview: () => void }) {
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canEdit = can('blog', 'edit');
  const canDelete = can('blog', 'delete');

  const remove = () =>
    confirm({
      message: 'Voulez-vous vraiment supprimer cet article ?',
      confirmLabel: 'Supprimer',
      action: async () => {
        try {
          await deleteArticle(article.id);
          notifySuccess('Article supprimé avec succès !');
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
            queryClient.invalidateQueries({ queryKey: queryKeys.summary }),
            queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
          ]);
        } catch (error) {
          notifyError(
            errorText(error, "Erreur lors de la suppression de l'article.", "Erreur lors de la suppression de l'article."),
          );
        }
      },
    });

  return (
    <article className="flex items-center gap-1.5" aria-label={article.title} data-testid="article-card">
      <div className="h-6 w-10 shrink-0 overflow-hidden rounded-md bg-surface-muted">
        <StoredImage
          path={article.image}
          variants={article.image_variants}
          alt={article.image_alt ?? ''}
          className="size-full object-cover"
          fallback={
            <span className="grid size-full place-items-center text-ink-subtle">
              <ImageOff className="size-2" aria-hidden="true" />
              <span className="sr-only">Aucune image</span>
            </span>
          }
        />
      </div>
      <h2 className="min-w-0 flex-1 text-sm font-medium text-ink" title={article.title}>
        {truncate(article.title, 24)}
      </h2>
      <Button variant="ghost" size="icon-sm" aria-label={`Aperçu de ${article.title}`} title="Aperçu" onClick={onPreview}>
        <Eye className="size-2" aria-hidden="true" />
      </Button>
      {canEdit || canDelete ? (
        <DropdownMenu>
          <DropdownMenuTrigger
            className="inline-flex size-4 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500"
            aria-label={`Actions pour ${article.title}`}
          >
            <MoreVertical className="size-2" aria-hidden="true" />
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {canEdit ? (
              <DropdownMenuItem
                icon={<Pencil />}
                onSelect={() => void navigate({ to: '/ecrire-article/$id', params: { id: String(article.id) } })}
              >
                Modifier
              </DropdownMenuItem>
            ) : null}
            {canDelete ? (
              <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => void remove()}>
                Supprimer
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </article>
  );
}
