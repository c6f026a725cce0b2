import * as RadixTabs from '@radix-ui/react-tabs';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

const tabClasses =
  'inline-flex h-5 shrink-0 items-center gap-1 whitespace-nowrap border-b-2 border-transparent px-1.5 text-sm font-medium text-ink-muted transition-colors ' +
  'hover:text-ink focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-accent-500';
const activeClasses = 'border-brand-600 text-brand-700';

/** In-page tabs (Radix): arrow keys move between tabs, each tab shows its panel. */
export const Tabs = RadixTabs.Root;
export const TabsContent = RadixTabs.Content;

export function TabsList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <RadixTabs.List aria-label={label} className="flex gap-0.5 overflow-x-auto border-b border-line">
      {children}
    </RadixTabs.List>
  );
}

export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Trigger
      value={value}
      className={cn(tabClasses, 'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700')}
    >
      {children}
    </RadixTabs.Trigger>
  );
}

export interface LinkTab {
  to: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Active also on these paths (an index route showing the same screen). */
  alsoActiveOn?: string[];
}

/**
 * Tabs that are pages: each tab is a link, the current one carries aria-current="page".
 * Used where every tab has its own URL (the administration area).
 */
export function LinkTabs({ tabs, label, currentPath }: { tabs: LinkTab[]; label: string; currentPath: string }) {
  const normalise = (p: string) => p.replace(/\/+$/, '') || '/';
  const here = normalise(currentPath);
  return (
    // The tabs wrap onto a second line on a phone: every tab stays in sight and in reach.
    <nav aria-label={label} className="flex flex-wrap gap-x-0.5 border-b border-line">
      {tabs.map((tab) => {
        const active = here === normalise(tab.to) || (tab.alsoActiveOn ?? []).some((p) => normalise(p) === here);
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={cn(tabClasses, active && activeClasses)}
            aria-current={active ? 'page' : undefined}
          >
            {tab.icon}
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
