import type { PermissionCategory, SearchAnswer } from '@comptoir/api/contract';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  Boxes,
  Clock,
  FolderTree,
  Newspaper,
  PackageOpen,
  RotateCw,
  Search,
  ShieldCheck,
  ShoppingCart,
  Tags,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { fullName } from '../../lib/format';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { ORDER_STATUS_LABEL, orderStatusOf } from '../orders/status';
import { formatMoney } from '../products/money';
import { globalSearchQueryOptions, SEARCH_MIN_LENGTH } from './api';
import { clearHistory, readHistory, rememberSearch } from './history';
import { useGlobalSearch } from './search-context';
import { useReturnFocus } from '../../lib/focus-return';

const DEBOUNCE_MS = 250;

interface ResultItem {
  key: string;
  label: string;
  detail?: string;
  icon: LucideIcon;
  open: () => void;
}

interface ResultGroup {
  id: string;
  title: string;
  /** The category whose view right shows the group (spec section 2). */
  category: PermissionCategory;
  items: ResultItem[];
}

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The global search overlay (spec section 2): opened by the sidebar box or Ctrl/Cmd+K, it searches
 * from 2 characters (GET /api/search), shows the last 5 searches when the box is empty ("Pas de
 * recherche récente" when there are none), groups the results by category (a group only with its
 * category's view right) and is driven with the keyboard: arrows move, Enter opens, Escape closes.
 */
export function SearchOverlay() {
  const { open, setOpen } = useGlobalSearch();
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-40 bg-brand-950/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          aria-describedby={undefined}
          className="dialog-content fixed left-1/2 top-[10vh] z-50 flex max-h-[80vh] w-[calc(100vw-32px)] max-w-[640px] -translate-x-1/2 flex-col overflow-hidden rounded-lg bg-surface shadow-raised focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">Recherche globale</RadixDialog.Title>
          {open ? <SearchPanel onClose={() => setOpen(false)} /> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function SearchPanel({ onClose }: { onClose: () => void }) {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [history, setHistory] = useState<string[]>(() => readHistory());
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const searching = query.length >= SEARCH_MIN_LENGTH;
  const typing = text.trim().length >= SEARCH_MIN_LENGTH;
  const results = useQuery(globalSearchQueryOptions(query));

  const go = (run: () => void) => {
    if (text.trim().length >= SEARCH_MIN_LENGTH) setHistory(rememberSearch(text));
    onClose();
    run();
  };

  const groups = useMemo<ResultGroup[]>(() => {
    const data: SearchAnswer | undefined = searching ? results.data : undefined;
    if (!data) return [];
    const list: ResultGroup[] = [
      {
        id: 'blogs',
        title: 'Articles',
        category: 'blog',
        items: data.blogs.map((b) => ({
          key: `blog-${b.id}`,
          label: b.title,
          detail: b.status,
          icon: Newspaper,
          open: () =>
            can('blog', 'edit')
              ? void navigate({ to: '/ecrire-article/$id', params: { id: String(b.id) } })
              : void navigate({ to: '/articles', search: { search: b.title } }),
        })),
      },
      {
        id: 'brands',
        title: 'Marques',
        category: 'shop',
        items: data.brands.map((b) => ({
          key: `brand-${b.id}`,
          label: b.name,
          icon: Tags,
          open: () => void navigate({ to: '/marques', search: { search: b.name } }),
        })),
      },
      {
        id: 'categories',
        title: 'Catégories',
        category: 'shop',
        items: data.categories.map((c) => ({
          key: `category-${c.id}`,
          label: c.designation,
          icon: FolderTree,
          open: () => void navigate({ to: '/categories', search: { search: c.designation } }),
        })),
      },
      {
        id: 'products',
        title: 'Produits',
        category: 'shop',
        items: data.products.map((p) => ({
          key: `product-${p.id}`,
          label: p.name,
          detail: `${p.reference} · ${formatMoney(p.price, p.currency_symbol)}`,
          icon: Boxes,
          open: () => void navigate({ to: '/produit/$id', params: { id: String(p.id) } }),
        })),
      },
      {
        id: 'stocks',
        title: 'Stocks',
        category: 'stock',
        items: data.stocks.map((s) => ({
          key: `stock-${s.id}`,
          label: s.name,
          detail: s.quantity > 0 ? `Quantité : ${s.quantity}` : 'Épuisé',
          icon: PackageOpen,
          open: () => void navigate({ to: '/stock/entrees', search: { search: s.name } }),
        })),
      },
      {
        id: 'users',
        title: 'Utilisateurs',
        category: 'admin',
        items: data.users.map((u) => ({
          key: `user-${u.id}`,
          label: fullName(u) || u.email,
          detail: [u.role?.name, u.email].filter(Boolean).join(' · '),
          icon: User,
          open: () => void navigate({ to: '/administration/admins', search: { search: u.name } }),
        })),
      },
      {
        id: 'roles',
        title: 'Rôles',
        category: 'admin',
        items: data.roles.map((r) => ({
          key: `role-${r.id}`,
          label: r.name,
          detail: r.description ?? undefined,
          icon: ShieldCheck,
          open: () => void navigate({ to: '/administration/roles' }),
        })),
      },
      {
        id: 'orders',
        title: 'Commandes',
        category: 'orders',
        items: data.orders.map((o) => ({
          key: `order-${o.id}`,
          label: `${o.order_num} · ${o.company_name}`,
          detail: `${ORDER_STATUS_LABEL[orderStatusOf(o.status)]} · ${formatMoney(o.total)} ${o.currency}`,
          icon: ShoppingCart,
          open: () => void navigate({ to: '/commandes', search: { search: o.order_num } }),
        })),
      },
      {
        id: 'customers',
        title: 'Clients',
        category: 'orders',
        items: data.customers.map((c) => ({
          key: `customer-${c.id}`,
          label: c.company_name,
          detail: [c.representative_name, c.company_email].filter(Boolean).join(' · '),
          icon: Users,
          open: () => void navigate({ to: '/clients', search: { search: c.company_name } }),
        })),
      },
    ];
    return list.filter((group) => can(group.category, 'view') && group.items.length > 0);
  }, [searching, results.data, can, navigate]);

  const flat = useMemo<ResultItem[]>(() => {
    if (typing) return groups.flatMap((g) => g.items);
    return history.map((entry) => ({
      key: `recent-${entry}`,
      label: entry,
      icon: Clock,
      open: () => setText(entry),
    }));
  }, [typing, groups, history]);

  useEffect(() => setActive(0), [flat.length, typing, query]);

  const activeItem = flat[Math.min(active, flat.length - 1)];
  const optionId = (key: string) => `${ids}-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && flat.length) {
      event.preventDefault();
      setActive((i) => (i + 1) % flat.length);
    } else if (event.key === 'ArrowUp' && flat.length) {
      event.preventDefault();
      setActive((i) => (i - 1 + flat.length) % flat.length);
    } else if (event.key === 'Home' && flat.length && event.ctrlKey) {
      setActive(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!activeItem) {
        if (typing) setHistory(rememberSearch(text));
        return;
      }
      if (typing) go(activeItem.open);
      else activeItem.open();
    }
  };

  useEffect(() => {
    if (!activeItem) return;
    document.getElementById(optionId(activeItem.key))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeItem?.key]);

  const renderOption = (item: ResultItem) => {
    const selected = activeItem?.key === item.key;
    const Icon = item.icon;
    return (
      <li
        key={item.key}
        id={optionId(item.key)}
        role="option"
        aria-selected={selected}
        className={cn(
          'flex cursor-pointer items-center gap-1 rounded-md px-1 py-0.5 text-sm',
          selected ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-surface-muted',
        )}
        onMouseMove={() => {
          const index = flat.findIndex((f) => f.key === item.key);
          if (index >= 0 && index !== active) setActive(index);
        }}
        onClick={() => (typing ? go(item.open) : item.open())}
      >
        <span className="grid size-3.5 shrink-0 place-items-center rounded-sm bg-surface-muted text-ink-muted" aria-hidden="true">
          <Icon className="size-1.5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{item.label}</span>
          {item.detail ? <span className="block truncate text-xs text-ink-muted">{item.detail}</span> : null}
        </span>
      </li>
    );
  };

  let body;
  if (!typing) {
    body = (
      <div className="p-1">
        <div className="flex items-center justify-between px-1 py-0.5">
          <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted" id={`${ids}-recent`}>
            Recherches récentes
          </p>
          {history.length ? (
            <button
              type="button"
              className="text-xs font-medium text-brand-700 hover:underline"
              onClick={() => {
                setHistory(clearHistory());
                input.current?.focus();
              }}
            >
              Effacer l'historique
            </button>
          ) : null}
        </div>
        {history.length === 0 ? (
          <p className="px-1 py-2 text-center text-sm text-ink-muted" role="status">
            Pas de recherche récente
          </p>
        ) : (
          <ul role="listbox" id={`${ids}-list`} aria-labelledby={`${ids}-recent`} className="flex flex-col gap-px">
            {flat.map(renderOption)}
          </ul>
        )}
      </div>
    );
  } else if (results.isError && !results.data) {
    body = (
      <div className="flex flex-col items-center gap-1 px-2 py-4 text-center" role="alert">
        <p className="text-sm font-medium text-danger">
          {errorText(results.error, 'Erreur lors de la recherche.', 'Erreur de connexion au serveur.')}
        </p>
        <button
          type="button"
          className="inline-flex items-center gap-0.5 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => void results.refetch()}
        >
          <RotateCw className="size-1.5" aria-hidden="true" />
          Réessayer
        </button>
      </div>
    );
  } else if (!searching || (results.isPending && !results.data)) {
    body = (
      <div className="flex justify-center py-4 text-brand-700">
        <Spinner size="md" label="Recherche…" />
      </div>
    );
  } else if (groups.length === 0) {
    body = (
      <p className="px-2 py-4 text-center text-sm text-ink-muted" role="status">
        Aucun résultat pour « {query} »
      </p>
    );
  } else {
    body = (
      <div
        role="listbox"
        id={`${ids}-list`}
        aria-label="Résultats de la recherche"
        className={cn('p-1', results.isFetching && 'opacity-70')}
      >
        {groups.map((group) => (
          <ul key={group.id} role="group" aria-labelledby={`${ids}-${group.id}`} className="mb-1 flex flex-col gap-px last:mb-0">
            <li
              role="presentation"
              id={`${ids}-${group.id}`}
              className="px-1 pb-0.5 pt-1 text-xs font-semibold uppercase tracking-wide text-ink-muted"
            >
              {group.title}
            </li>
            {group.items.map(renderOption)}
          </ul>
        ))}
      </div>
    );
  }

  return (
    <>
      <div className="flex items-center gap-1 border-b border-line px-2">
        <Search className="size-2 shrink-0 text-ink-subtle" aria-hidden="true" />
        <input
          ref={input}
          type="search"
          autoFocus
          role="combobox"
          aria-expanded={flat.length > 0}
          aria-controls={`${ids}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? optionId(activeItem.key) : undefined}
          aria-label="Rechercher dans le tableau de bord"
          placeholder="Rechercher un article, un produit, une commande, un client…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={100}
          className="h-7 w-full bg-transparent text-base text-ink outline-none placeholder:text-ink-subtle [&::-webkit-search-cancel-button]:hidden"
        />
        {results.isFetching && typing ? <Spinner size="sm" /> : null}
        <kbd className="rounded-sm border border-line px-0.5 text-[11px] text-ink-subtle">Échap</kbd>
      </div>
      {text.trim().length === 1 ? (
        <p className="border-b border-line px-2 py-0.5 text-xs text-ink-muted">Saisissez au moins 2 caractères.</p>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
      <p className="hidden border-t border-line px-2 py-0.5 text-[11px] text-ink-muted sm:block">
        <kbd>↑</kbd> <kbd>↓</kbd> pour naviguer · <kbd>Entrée</kbd> pour ouvrir · <kbd>Échap</kbd> pour fermer
      </p>
    </>
  );
}
