import type { ArticleStatus, StaffArticle } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Eye, ImageOff, MoreVertical, PenLine, Pencil, RotateCw, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, fullName, totalText, truncate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { useConfirm } from '../../ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { EmptyState } from '../../ui/empty-state';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { Pagination } from '../../ui/pagination';
import { SearchInput } from '../../ui/search-input';
import { Spinner } from '../../ui/spinner';
import { RequireView, usePermissions } from '../auth/permissions';
import { PublishingIndicator } from '../publishing/publishing-indicator';
import { articlesQueryOptions, deleteArticle } from './api';
import { ArticlePreviewDialog } from './article-preview-dialog';
import { ARTICLE_STATUS_TONE, ARTICLE_STATUSES } from './status';
import { StoredImage } from '../products/stored-image';

export interface ArticlesPageProps {
  page: number;
  search: string;
  status: ArticleStatus | undefined;
  onPageChange: (page: number) => void;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: ArticleStatus | undefined) => void;
}

/** /dashboard/articles: "Blog / Tous les articles" (blog view). */
export function ArticlesPage(props: ArticlesPageProps) {
  useDocumentTitle('Tous les articles');
  return (
    <RequireView category="blog">
      <ArticlesList {...props} />
    </RequireView>
  );
}

function ArticlesList({ page, search, status, onPageChange, onSearchChange, onStatusChange }: ArticlesPageProps) {
  const { can } = usePermissions();
  const list = useQuery(articlesQueryOptions({ page, search, status }));
  const blogs = list.data?.blogs;
  const [previewing, setPreviewing] = useState<StaffArticle | null>(null);

  useEffect(() => {
    if (blogs && blogs.last_page >= 1 && page > blogs.last_page) onPageChange(blogs.last_page);
  }, [blogs, page, onPageChange]);

  const filters: Array<{ value: ArticleStatus | undefined; label: string }> = [
    { value: undefined, label: 'Tout' },
    ...ARTICLE_STATUSES.map((value) => ({ value, label: value })),
  ];

  let body;
  if (list.isPending) {
    body = (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner size="lg" label="Chargement…" />
      </div>
    );
  } else if (list.isError) {
    body = (
      <div className="flex flex-col items-center gap-1.5 px-2 py-6 text-center" role="alert">
        <TriangleAlert className="size-3 text-danger" aria-hidden="true" />
        <p className="text-sm font-medium text-danger">
          {errorText(list.error, 'Erreur lors du chargement des articles.', 'Erreur lors du chargement des articles.')}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<RotateCw className="size-2" aria-hidden="true" />}
          onClick={() => void list.refetch()}
        >
          Réessayer
        </Button>
      </div>
    );
  } else if (!blogs || blogs.data.length === 0) {
    body = <EmptyState message="Aucun article trouvé" />;
  } else {
    body = (
      <>
        <ul
          className={cn(
            'grid gap-2 p-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
            list.isPlaceholderData && list.isFetching && 'opacity-60 transition-opacity',
          )}
          aria-label="Liste des articles"
          aria-busy={list.isFetching || undefined}
        >
          {blogs.data.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} onPreview={() => setPreviewing(article)} />
            </li>
          ))}
        </ul>
        <Pagination
          page={blogs.current_page}
          lastPage={blogs.last_page}
          onPageChange={onPageChange}
          lastPageOpen={blogs.total_capped}
          summary={`${totalText(blogs.total, blogs.total_capped)} article${blogs.total > 1 ? 's' : ''}`}
          disabled={list.isFetching}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="articles-title">
      <PageHeader
        title={<span id="articles-title">Tous les articles</span>}
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
            const active = filter.value === status;
            return (
              <button
                key={filter.label}
                type="button"
                aria-pressed={active}
                onClick={() => onStatusChange(filter.value)}
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
      <div className="overflow-hidden rounded-lg border border-line bg-surface shadow-card">{body}</div>
      {previewing ? <ArticlePreviewDialog article={previewing} onClose={() => setPreviewing(null)} /> : null}
    </section>
  );
}

function ArticleCard({ article, onPreview }: { article: StaffArticle; onPreview: () => void }) {
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const author = fullName(article.user) || 'Auteur inconnu';
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
    <article
      className="flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface transition-shadow hover:shadow-card"
      aria-label={article.title}
      data-testid="article-card"
    >
      <div className="relative aspect-[16/9] bg-surface-muted">
        <StoredImage
          path={article.image}
          variants={article.image_variants}
          alt={article.image_alt ?? ''}
          className="size-full object-cover"
          fallback={
            <span className="grid size-full place-items-center text-ink-subtle">
              <ImageOff className="size-3" aria-hidden="true" />
              <span className="sr-only">Aucune image</span>
            </span>
          }
        />
        <Badge tone={ARTICLE_STATUS_TONE[article.status]} className="absolute left-1 top-1 shadow-card">
          {article.status}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-1.5">
        <h2 className="text-base font-semibold leading-snug text-ink" title={article.title}>
          {truncate(article.title, 24)}
        </h2>
        <div className="mt-auto flex items-center gap-1 text-xs text-ink-muted">
          <Avatar src={article.user?.image} size="sm" />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-ink">{author}</span>
            <time dateTime={article.created_at}>{formatDate(article.created_at)}</time>
          </span>
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
        </div>
      </div>
    </article>
  );
}
