import { createFileRoute } from '@tanstack/react-router';
import { ArticlesPage } from '../../features/articles/articles-page';
import { isArticleStatus } from '../../features/articles/status';
import type { ArticleStatus } from '@comptoir/api/contract';
import { validateListSearch, type ListSearch } from '../../lib/list-search';

interface ArticlesSearch extends ListSearch {
  status?: ArticleStatus;
}

export const Route = createFileRoute('/_app/articles')({
  validateSearch: (raw: Record<string, unknown>): ArticlesSearch => ({
    ...validateListSearch(raw),
    status: isArticleStatus(raw.status) ? raw.status : undefined,
  }),
  component: function ArticlesRoute() {
    const { page = 1, search = '', status } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ArticlesPage
        page={page}
        search={search}
        status={status}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })}
        onStatusChange={(next) => void navigate({ search: (prev) => ({ ...prev, status: next, page: undefined }) })}
      />
    );
  },
});
