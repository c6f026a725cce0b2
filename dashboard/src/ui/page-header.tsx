import type { ReactNode } from 'react';

/** A screen's title with its breadcrumb ("Commandes & Clients / Clients") and its main actions. */
export function PageHeader({
  title,
  breadcrumb,
  actions,
  children,
}: {
  title: ReactNode;
  breadcrumb?: string[];
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="mb-3 flex flex-wrap items-end justify-between gap-2">
      <div className="min-w-0">
        {breadcrumb?.length ? (
          <nav aria-label="Fil d'Ariane" className="mb-0.5 text-xs font-medium text-ink-muted">
            <ol className="flex flex-wrap items-center gap-0.5">
              {breadcrumb.map((part, index) => (
                <li key={`${part}-${index}`} className="flex items-center gap-0.5">
                  {index > 0 ? <span aria-hidden="true">/</span> : null}
                  <span aria-current={index === breadcrumb.length - 1 ? 'page' : undefined}>{part}</span>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {children}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-1">{actions}</div> : null}
    </header>
  );
}
