import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A white panel with an optional title row and action. */
export function Card({
  title,
  action,
  children,
  className,
  titleId,
}: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  titleId?: string;
}) {
  return (
    <section
      className={cn('rounded-lg border border-line bg-surface shadow-card', className)}
      aria-labelledby={title ? titleId : undefined}
    >
      {title || action ? (
        <div className="flex items-center justify-between gap-1 border-b border-line px-2 py-1.5">
          {title ? (
            <h2 id={titleId} className="text-base font-semibold text-ink">
              {title}
            </h2>
          ) : (
            <span />
          )}
          {action}
        </div>
      ) : null}
      <div className="px-2 py-2">{children}</div>
    </section>
  );
}

/** Label/value rows inside a card. */
export function DefinitionList({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="grid gap-1.5 sm:grid-cols-[minmax(0,200px)_minmax(0,1fr)] sm:gap-x-2 sm:gap-y-1">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-sm text-ink-subtle">{item.label}</dt>
          <dd className="-mt-1 break-words text-sm font-medium text-ink sm:mt-0">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
