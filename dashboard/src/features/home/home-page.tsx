import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePermissions } from '../auth/permissions';

/**
 * /dashboard: the welcome header. The home's cards and latest-items tables (spec section 2,
 * "Dashboard home") go under it.
 */
export function HomePage() {
  const { user } = usePermissions();
  useDocumentTitle('Tableau de bord');
  const today = format(new Date(), 'EEEE d MMMM yyyy', { locale: fr });
  return (
    <section aria-labelledby="home-title" className="mb-3">
      <p className="text-sm font-medium capitalize text-ink-muted">{today}</p>
      <h1 id="home-title" className="mt-0.5 text-3xl font-semibold text-ink">
        Bonjour, {user?.firstname}
      </h1>
      <p className="mt-0.5 text-ink-muted">Bienvenue dans votre espace de gestion.</p>
    </section>
  );
}
