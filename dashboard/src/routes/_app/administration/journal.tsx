import { createFileRoute } from '@tanstack/react-router';
import type { AuditFilters } from '../../../features/audit/api';
import { JournalPage } from '../../../features/audit/journal-page';
import { validateListSearch } from '../../../lib/list-search';
import { validateSortSearch } from '../../../lib/list-sort';

type JournalSearch = Partial<Omit<AuditFilters, 'page' | 'search'>> & { page?: number; search?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 40) : undefined);

export const Route = createFileRoute('/_app/administration/journal')({
  validateSearch: validateJournalSearch,
  component: function JournalRoute() {
    const { page = 1, search = '', ...rest } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <JournalPage
        filters={{ page, search, ...rest }}
        onReplace={(query) => void navigate({ search: validateJournalSearch(query) })}
        onChange={(next) =>
          void navigate({
            search: (prev) => {
              const merged = { ...prev, ...next, page: next.page && next.page > 1 ? next.page : undefined };
              if (next.search !== undefined) merged.search = next.search || undefined;
              return merged;
            },
          })
        }
      />
    );
  },
});

// ?page=2&search=…&user_id=3&entity=product&action=update&from=2026-01-01&to=2026-01-31&sort=action&dir=asc&size=50
function validateJournalSearch(raw: Record<string, unknown>): JournalSearch {
  const userId = Number(raw.user_id);
  const from = text(raw.from);
  const to = text(raw.to);
  return {
    ...validateListSearch(raw),
    ...validateSortSearch(raw),
    user_id: Number.isInteger(userId) && userId > 0 ? userId : undefined,
    entity: text(raw.entity),
    action: text(raw.action),
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
  };
}
