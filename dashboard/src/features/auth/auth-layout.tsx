import type { ReactNode } from 'react';
import { companyName, copyrightLine, DESIGNER_CREDIT } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Logo } from '../layout/logo';

/** The sign-in, recovery and reset pages: a brand panel and the form, with the footer under it. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="grid min-h-dvh bg-surface-muted md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside
        className="auth-panel relative hidden overflow-hidden bg-brand-900 p-5 text-white md:flex md:flex-col md:justify-between"
        aria-hidden="true"
      >
        <Logo tone="light" />
        <div className="relative z-10 max-w-[440px]">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent-300">Espace équipe</p>
          <p className="mt-1 text-3xl font-semibold leading-tight">
            Gérez le catalogue, le stock, les commandes et le blog de {companyName()}.
          </p>
        </div>
        <p className="relative z-10 text-sm text-brand-200">Lomé · Togo</p>
      </aside>
      <div className="flex min-h-dvh flex-col">
        <main id="contenu" className="flex flex-1 items-center justify-center px-2 py-4 sm:px-4">
          <div className="w-full max-w-[420px]">
            <div className="mb-3 md:hidden">
              <Logo />
            </div>
            <div className="rounded-xl bg-surface p-3 shadow-card sm:p-4">
              <h1 className="text-2xl font-semibold text-ink">{title}</h1>
              {subtitle ? <p className="mt-0.5 text-sm text-ink-muted">{subtitle}</p> : null}
              <div className="mt-3">{children}</div>
            </div>
          </div>
        </main>
        <footer className="flex flex-col items-center gap-0.5 px-2 pb-2 text-center text-xs text-ink-muted sm:flex-row sm:justify-between sm:px-4">
          <p>{copyrightLine()}</p>
          <p>{DESIGNER_CREDIT}</p>
        </footer>
      </div>
    </div>
  );
}
