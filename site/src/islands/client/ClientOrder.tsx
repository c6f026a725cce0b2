import { useEffect, useState } from 'react';
import { ClientOrderView } from './ClientOrderView';
import { takeToken } from './client-token';

/** /suivi-commande#<token>: the order of an e-mailed quote link. */
export default function ClientOrder() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    // A link opened on this very page only changes the fragment: read it again then.
    const read = () => setToken(takeToken('comptoir-order-link'));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  if (token === undefined) return null;
  if (!token)
    return (
      <div className="rounded-xl bg-brand-50 p-3">
        <p>Ouvrez cette page depuis le lien reçu par e-mail avec votre devis.</p>
        <p className="mt-1">
          <a className="underline" href="/mes-commandes">
            Recevoir un lien vers mes commandes
          </a>
        </p>
      </div>
    );
  return <ClientOrderView token={token} />;
}
