import { Link } from '@tanstack/react-router';
import { Compass } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../ui/button';
import { Logo } from './logo';

function NotFoundContent() {
  useDocumentTitle('Page introuvable');
  return (
    <div className="flex max-w-[480px] flex-col items-center gap-2 text-center">
      <span className="grid size-8 place-items-center rounded-full bg-brand-50 text-brand-600" aria-hidden="true">
        <Compass className="size-4" />
      </span>
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent-700">Erreur 404</p>
      <h1 className="text-3xl font-semibold text-ink">Page introuvable</h1>
      <p className="text-ink-muted">La page demandée n'existe pas ou a été déplacée.</p>
      <Link to="/" className={buttonClasses('primary')}>
        Retour au tableau de bord
      </Link>
    </div>
  );
}

/** An unknown /dashboard path, for a signed-in user: inside the dashboard's frame. */
export function NotFoundInShell() {
  return (
    <div className="grid min-h-[60vh] place-items-center">
      <NotFoundContent />
    </div>
  );
}

/** The router's last resort (a path no route matches at all). */
export function NotFoundPage() {
  return (
    <main id="contenu" className="grid min-h-dvh place-items-center bg-surface-muted px-2">
      <div className="flex flex-col items-center gap-3">
        <Logo />
        <NotFoundContent />
      </div>
    </main>
  );
}
