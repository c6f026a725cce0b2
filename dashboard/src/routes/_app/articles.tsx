import { createFileRoute } from '@tanstack/react-router';
import { ArticlesPage, type ArticlesView } from '../../features/articles/articles-page';
import { isArticleStatus } from '../../features/articles/status';
import { dayParam, idParam, validateSortSearch } from '../../lib/list-sort';
import { validateListSearch } from '../../lib/list-search';
import { useListNavigation } from '../../lib/use-list-navigation';

function validateArticlesSearch(raw: Record<string, unknown>) {
  const view: ArticlesView = {
    ...validateSortSearch(raw),
    status: isArticleStatus(raw.status) ? raw.status : undefined,
    user_id: idParam(raw.user_id),
    from: dayParam(raw.from),
    to: dayParam(raw.to),
  };
  return { ...validateListSearch(raw), ...view };
}

export const Route = createFileRoute('/_app/articles')({
  validateSearch: validateArticlesSearch,
  component: function ArticlesRoute() {
    const { page = 1, search = '', sort, dir, size, status, user_id, from, to } = Route.useSearch();
    const list = useListNavigation(validateArticlesSearch);
    return <ArticlesPage page={page} search={search} view={{ sort, dir, size, status, user_id, from, to }} {...list} />;
  },
});
