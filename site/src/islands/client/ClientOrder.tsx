import { useEffect, useState } from 'react';
import { ClientOrderView } from './ClientOrderView';
import { takeToken } from './client-token';

/** /suivi-commande#<token>: the order of an e-mailed quote link. */
export default function ClientOrder() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(takeToken('comptoir-order-link')), []);
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
