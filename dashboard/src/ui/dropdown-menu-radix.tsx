import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * The menus' implementation (Radix): arrow keys move, Escape and outside clicks close it. Loaded by
 * dropdown-menu.tsx the first time a menu is about to open; import the menus from there.
 */
export const Root = Menu.Root;
export const Trigger = Menu.Trigger;

export function Content({
  children,
  align = 'end',
  className,
}: {
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  className?: string;
}) {
  return (
    <Menu.Portal>
      <Menu.Content
        align={align}
        sideOffset={6}
        collisionPadding={8}
        className={cn(
          'menu-content z-50 min-w-[200px] rounded-md border border-line bg-surface p-0.5 shadow-raised focus:outline-none',
          className,
        )}
      >
        {children}
      </Menu.Content>
    </Menu.Portal>
  );
}

export function Item({
  children,
  onSelect,
  tone = 'default',
  icon,
  disabled,
}: {
  children: ReactNode;
  onSelect?: (event: Event) => void;
  tone?: 'default' | 'danger';
  icon?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Menu.Item
      onSelect={onSelect}
      disabled={disabled}
      className={cn(
        'flex cursor-pointer items-center gap-1 rounded-sm px-1 py-0.5 text-sm outline-none select-none',
        'data-[highlighted]:bg-surface-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        tone === 'danger' ? 'text-danger' : 'text-ink',
      )}
    >
      {icon ? (
        <span className="inline-flex size-2 items-center justify-center [&>svg]:size-2" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </Menu.Item>
  );
}

export function Label({ children }: { children: ReactNode }) {
  return <Menu.Label className="px-1 py-0.5 text-xs font-medium text-ink-subtle">{children}</Menu.Label>;
}

export function Separator() {
  return <Menu.Separator className="my-0.5 h-px bg-line" />;
}
