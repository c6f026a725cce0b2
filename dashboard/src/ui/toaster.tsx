import { useEffect } from 'react';
import { Toaster } from 'sonner';

/** sonner's host, fetched with the first notice (see toaster-host.tsx); `onReady` once it listens. */
export default function AppToaster({ onReady }: { onReady: () => void }) {
  // Runs after the Toaster's own effects (children first): it has subscribed to new toasts by then.
  useEffect(onReady, [onReady]);
  return <Toaster position="top-right" richColors closeButton duration={1500} toastOptions={{ className: 'font-sans' }} />;
}
