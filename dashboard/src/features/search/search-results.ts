import type { PermissionCategory, SearchAnswer } from '@comptoir/api/contract';
import {
  Boxes,
  Clock,
  FolderTree,
  Newspaper,
  PackageOpen,
  ShieldCheck,
  ShoppingCart,
  Tags,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { fullName } from '../../lib/format';
import { ORDER_STATUS_LABEL, orderStatusOf } from '../orders/status';
import { currencyLabel, formatMoney } from '../products/money';

/**
 * What the global search shows, without React: the server's answer as groups of results, each
 * result with the screen it opens, and how the arrow keys move in the list. The overlay
 * (search-overlay.tsx) and its hook (use-search-panel.ts) wire these to the screen.
 */

/** Where a result leads: a dashboard route, with its parameters or its list search. */
export interface SearchTarget {
  to: string;
  params?: Record<string, string>;
  search?: Record<string, string>;
}

export interface ResultItem {
  key: string;
  label: string;
  detail?: string;
  icon: LucideIcon;
  /** The screen it opens; none for a recent search (it fills the box instead). */
  target?: SearchTarget;
}

export interface ResultGroup {
  id: string;
  title: string;
  /** The category whose view right shows the group (spec section 2). */
  category: PermissionCategory;
  items: ResultItem[];
}

type Can = (category: PermissionCategory, right: 'view' | 'edit') => boolean;

/** The answer's groups in the spec's order, each only with its category's view right and when it has results. */
export function resultGroups(data: SearchAnswer, can: Can): ResultGroup[] {
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
        // The editor for whoever may edit; the list, searched on the title, otherwise.
        target: can('blog', 'edit')
          ? { to: '/ecrire-article/$id', params: { id: String(b.id) } }
          : { to: '/articles', search: { search: b.title } },
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
        target: { to: '/marques', search: { search: b.name } },
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
        target: { to: '/categories', search: { search: c.designation } },
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
        target: { to: '/produit/$id', params: { id: String(p.id) } },
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
        target: { to: '/stock/entrees', search: { search: s.name } },
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
        target: { to: '/administration/admins', search: { search: u.name } },
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
        target: { to: '/administration/roles' },
      })),
    },
    {
      id: 'orders',
      title: 'Commandes',
      category: 'orders',
      items: data.orders.map((o) => ({
        key: `order-${o.id}`,
        label: `${o.order_num} · ${o.company_name}`,
        detail: `${ORDER_STATUS_LABEL[orderStatusOf(o.status)]} · ${formatMoney(o.total)} ${currencyLabel(o.currency)}`,
        icon: ShoppingCart,
        target: { to: '/commandes', search: { search: o.order_num } },
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
        target: { to: '/clients', search: { search: c.company_name } },
      })),
    },
  ];
  return list.filter((group) => can(group.category, 'view') && group.items.length > 0);
}

/** The recent searches as the list's options (choosing one fills the box). */
export function historyItems(history: readonly string[]): ResultItem[] {
  return history.map((entry) => ({ key: `recent-${entry}`, label: entry, icon: Clock }));
}

/** The active option after a key: arrows wrap around, Ctrl+Home goes to the first; null for any other key. */
export function moveActive(key: string, ctrlKey: boolean, active: number, count: number): number | null {
  if (!count) return null;
  if (key === 'ArrowDown') return (active + 1) % count;
  if (key === 'ArrowUp') return (active - 1 + count) % count;
  if (key === 'Home' && ctrlKey) return 0;
  return null;
}
