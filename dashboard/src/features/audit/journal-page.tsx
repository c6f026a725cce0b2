import type { AuditEntryView } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo } from 'react';
import { formatDateTime, pad2 } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { listTableState, pagerOf, useClampPage, withPageSize } from '../../lib/use-list-page';
import { viewQueryOf } from '../../lib/list-sort';
import { SavedViewsMenu } from '../saved-views/saved-views-menu';
import type { ViewQuery } from '../saved-views/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { Input } from '../../ui/input';
import { SearchInput } from '../../ui/search-input';
import { Select } from '../../ui/select';
import { ExportMenu } from '../../ui/export-menu';
import { adminsQueryOptions } from '../administration/admins/api';
import { RequireView } from '../auth/permissions';
import { JOURNAL_PER_PAGE, journalQueryOptions, type AuditFilters } from './api';
import { ChangeList } from './history-panel';
import { AUDIT_ACTION_LABEL, AUDIT_ENTITY_LABEL, actorText } from './labels';

const column = createColumnHelper<AuditEntryView>();
const ALL = 'all';

export interface JournalPageProps {
  filters: AuditFilters;
  /** Replaces some filters; any change but the page goes back to page 1 (done by the route). */
  onChange: (next: Partial<AuditFilters>) => void;
  /** Replaces every filter, the order and the size at once (a saved view). */
  onReplace: (query: ViewQuery) => void;
}

const recordLinkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** The entry's record: its page (product, article), else its list searched by its name; deleted ones are plain text. */
function RecordLink({ entry }: { entry: AuditEntryView }) {
  const label = entry.label ?? '—';
  if (
    !entry.label ||
    entry.action === 'delete' ||
    (entry.actor === 'public' && (entry.action === 'login_failed' || entry.action === 'login_throttled'))
  ) {
    return <span className="font-medium">{label}</span>;
  }
  const id = entry.entity_id ? String(entry.entity_id) : null;
  const search = { search: entry.label.slice(0, 100) };
  switch (entry.entity) {
    case 'product':
      return id ? (
        <Link to="/produit/$id" params={{ id }} className={recordLinkClass}>
          {label}
        </Link>
      ) : (
        <span className="font-medium">{label}</span>
      );
    case 'article':
      return id ? (
        <Link to="/ecrire-article/$id" params={{ id }} className={recordLinkClass}>
          {label}
        </Link>
      ) : (
        <span className="font-medium">{label}</span>
      );
    case 'order':
      return (
        <Link to="/commandes" search={search} className={recordLinkClass}>
          {label}
        </Link>
      );
    case 'customer':
      return (
        <Link to="/clients" search={search} className={recordLinkClass}>
          {label}
        </Link>
      );
    case 'brand':
      return (
        <Link to="/marques" search={search} className={recordLinkClass}>
          {label}
        </Link>
      );
    case 'category':
      return (
        <Link to="/categories" search={search} className={recordLinkClass}>
          {label}
        </Link>
      );
    case 'stock_entry':
      return (
        <Link to="/stock/entrees" search={search} className={recordLinkClass}>
          {label}
        </Link>
      );
    case 'user':
      return (
        <Link to="/administration/admins" search={search} className={recordLinkClass}>
          {label}
        </Link>
      );
    case 'role':
      return (
        <Link to="/administration/roles" className={recordLinkClass}>
          {label}
        </Link>
      );
    default:
      return <span className="font-medium">{label}</span>;
  }
}

/** /dashboard/administration/journal: "Journal d'activité" (admin view), filters and page in the URL. */
export function JournalPage(props: JournalPageProps) {
  useDocumentTitle("Journal d'activité");
  return (
    <RequireView category="admin">
      <Journal {...props} />
    </RequireView>
  );
}

function Journal({ filters, onChange, onReplace }: JournalPageProps) {
  const ids = useId();
  const list = useQuery(journalQueryOptions(filters));
  const entries = list.data;
  useClampPage(entries, filters.page, (page) => onChange({ page }));
  // The user filter lists the administrators (the server caps a page at 100).
  const users = useQuery(adminsQueryOptions({ page: 1, search: '', perPage: 100 }));
  const userOptions = [
    { value: ALL, label: 'Tous les utilisateurs' },
    ...(users.data?.admins.data ?? []).map((u) => ({ value: String(u.id), label: `${u.firstname} ${u.name}` })),
  ];

  const columns = useMemo(
    () => [
      column.accessor('created_at', {
        header: 'Date',
        meta: { className: 'whitespace-nowrap text-ink-muted', sortKey: 'created_at' },
        cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>,
      }),
      column.accessor((row) => actorText(row), {
        id: 'who',
        header: 'Qui',
        meta: { sortKey: 'user_name' },
        cell: (info) => (
          <span className="flex flex-col">
            <span className="font-medium">{info.getValue()}</span>
            {info.row.original.ip ? <span className="text-xs text-ink-subtle">{info.row.original.ip}</span> : null}
          </span>
        ),
      }),
      column.accessor('action', {
        header: 'Action',
        meta: { sortKey: 'action' },
        cell: (info) => (
          <Badge
            tone={
              info.getValue() === 'login_failed' || info.getValue() === 'login_throttled' || info.getValue() === 'delete'
                ? 'danger'
                : 'neutral'
            }
          >
            {AUDIT_ACTION_LABEL[info.getValue()] ?? info.getValue()}
          </Badge>
        ),
      }),
      column.accessor((row) => `${AUDIT_ENTITY_LABEL[row.entity] ?? row.entity} ${row.label ?? ''}`, {
        id: 'record',
        header: 'Élément',
        meta: { sortKey: 'entity' },
        cell: (info) => {
          const entry = info.row.original;
          return (
            <span className="flex flex-col">
              <span className="text-xs text-ink-subtle">
                {AUDIT_ENTITY_LABEL[entry.entity] ?? entry.entity}
                {entry.entity_id ? ` n° ${entry.entity_id}` : ''}
              </span>
              <RecordLink entry={entry} />
            </span>
          );
        },
      }),
      column.display({
        id: 'changes',
        header: 'Modifications',
        cell: (info) => <ChangeList entry={info.row.original} />,
      }),
    ],
    [],
  );

  const { page: _page, search, ...view } = filters;
  const filtered = Boolean(filters.search || filters.user_id || filters.entity || filters.action || filters.from || filters.to);
  return (
    <section aria-labelledby={`${ids}-title`}>
      <div className="mb-2 flex flex-wrap items-center gap-1">
        <h2 id={`${ids}-title`} className="text-xl font-semibold text-ink">
          Journal d&apos;activité
        </h2>
        {entries ? <Badge tone="info">{pad2(entries.total)}</Badge> : null}
      </div>
      <div className="mb-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6" role="search" aria-label="Filtrer le journal">
        <SearchInput
          value={filters.search}
          onChange={(search) => onChange({ search })}
          placeholder="Rechercher (élément, personne, adresse IP)"
          className="sm:col-span-2 lg:col-span-3 xl:col-span-2"
        />
        <Select
          aria-label="Utilisateur"
          value={filters.user_id ? String(filters.user_id) : ALL}
          onValueChange={(v) => onChange({ user_id: v === ALL ? undefined : Number(v) })}
          options={userOptions}
        />
        <Select
          aria-label="Type d'élément"
          value={filters.entity ?? ALL}
          onValueChange={(v) => onChange({ entity: v === ALL ? undefined : v })}
          options={[
            { value: ALL, label: 'Tous les éléments' },
            ...Object.entries(AUDIT_ENTITY_LABEL).map(([value, label]) => ({ value, label })),
          ]}
        />
        <Select
          aria-label="Action"
          value={filters.action ?? ALL}
          onValueChange={(v) => onChange({ action: v === ALL ? undefined : v })}
          options={[
            { value: ALL, label: 'Toutes les actions' },
            ...Object.entries(AUDIT_ACTION_LABEL).map(([value, label]) => ({ value, label })),
          ]}
        />
        <div className="flex items-center gap-0.5">
          <label htmlFor={`${ids}-from`} className="whitespace-nowrap text-sm text-ink-muted">
            Du
          </label>
          <Input
            id={`${ids}-from`}
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => onChange({ from: e.target.value || undefined })}
          />
          <label htmlFor={`${ids}-to`} className="whitespace-nowrap text-sm text-ink-muted">
            au
          </label>
          <Input
            id={`${ids}-to`}
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => onChange({ to: e.target.value || undefined })}
          />
        </div>
      </div>
      <div className="mb-1 flex flex-wrap items-center gap-1">
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              onChange({ search: '', user_id: undefined, entity: undefined, action: undefined, from: undefined, to: undefined })
            }
          >
            Effacer les filtres
          </Button>
        ) : null}
        <span className="ml-auto flex gap-1">
          <ExportMenu path="/api/audit/export" search={search} view={{ ...view }} />
          <SavedViewsMenu list="audit" current={viewQueryOf(search, view)} onApply={onReplace} />
        </span>
      </div>
      <DataTable
        label="Journal d'activité"
        columns={columns}
        data={entries?.data}
        getRowId={(row) => String(row.id)}
        emptyMessage="Aucune activité trouvée"
        {...listTableState(list, "Erreur lors du chargement du journal d'activité.")}
        pagination={withPageSize(
          pagerOf(entries, (page) => onChange({ page })),
          filters.size ?? JOURNAL_PER_PAGE,
          onChange,
        )}
        sort={{ key: filters.sort, dir: filters.dir, onChange: (sort, dir) => onChange({ sort, dir }) }}
      />
    </section>
  );
}
