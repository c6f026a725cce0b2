import { lazy, Suspense, useEffect, useState } from 'react';
import { setReauthenticator } from '../../lib/api';
import type { Pending } from './reauth-dialog';

// The dialog and its form code are fetched only when a session actually ends.
const ReauthDialog = lazy(() => import('./reauth-dialog').then((m) => ({ default: m.ReauthDialog })));

/**
 * Installs the in-place sign-in of the signed-in frame: any call answering 401 waits while the
 * re-authentication dialog (reauth-dialog.tsx) asks for the password again, then is sent again.
 */
export function ReauthHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(() => {
    setReauthenticator(() => new Promise<void>((resolve, reject) => setPending({ resolve, reject })));
    return () => setReauthenticator(null);
  }, []);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog pending={pending} onDone={() => setPending(null)} />
    </Suspense>
  );
}
