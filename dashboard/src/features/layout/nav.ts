import type { PermissionCategory } from '@comptoir/api/contract';
import {
  Boxes,
  ClipboardCheck,
  FolderTree,
  House,
  Newspaper,
  PackageOpen,
  Receipt,
  ShieldCheck,
  ShoppingCart,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  /** Path under the /dashboard base. */
  to: string;
  icon: LucideIcon;
  /** Also active on these path prefixes (the product detail under Produits, ...). */
  matches?: string[];
  /** Exact match only (the home). */
  exact?: boolean;
}

export interface NavSection {
  /** Section heading; none for the home link. */
  title?: string;
  /** The view right that shows the section (spec section 6); none: everyone. */
  category?: PermissionCategory;
  items: NavItem[];
}

/**
 * The sidebar (spec section 6). Each section shows only with its category's view right.
 * A back-office screen's route is added under src/routes/_app/ with the same path as here.
 */
export const NAV_SECTIONS: NavSection[] = [
  { items: [{ label: 'Tableau de bord', to: '/', icon: House, exact: true }] },
  {
    title: 'Blog',
    category: 'blog',
    items: [{ label: 'Blog & Articles', to: '/articles', icon: Newspaper, matches: ['/ecrire-article'] }],
  },
  {
    title: 'Boutique',
    category: 'shop',
    items: [
      { label: 'Marques', to: '/marques', icon: Tags },
      { label: 'Catégories', to: '/categories', icon: FolderTree },
      { label: 'Produits', to: '/produits', icon: Boxes, matches: ['/produit/'] },
    ],
  },
  {
    title: 'Gestion de stock',
    category: 'stock',
    items: [
      { label: 'Entrées', to: '/stock/entrees', icon: PackageOpen },
      { label: 'Valorisation', to: '/stock/valorisation', icon: PackageOpen },
      { label: 'Inventaire', to: '/stock/inventaire', icon: ClipboardCheck },
    ],
  },
  {
    title: 'Commandes & Clients',
    category: 'orders',
    items: [
      { label: 'Commandes', to: '/commandes', icon: ShoppingCart },
      { label: 'Clients', to: '/clients', icon: Users },
    ],
  },
  {
    title: 'Facturation',
    category: 'invoices',
    items: [{ label: 'Factures', to: '/factures', icon: Receipt }],
  },
  {
    title: 'Administration',
    category: 'admin',
    items: [{ label: 'Administration', to: '/administration', icon: ShieldCheck }],
  },
];

/** Whether a nav item is the current page (`pathname` is relative to the /dashboard base). */
export function isActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (item.exact) return path === item.to;
  const under = (prefix: string) => {
    const base = prefix.replace(/\/+$/, '');
    return path === base || path.startsWith(`${base}/`);
  };
  return under(item.to) || (item.matches ?? []).some(under);
}
