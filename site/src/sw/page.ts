/**
 * Every page: registers the service worker (`/sw.js`, built with the release) and, only when an
 * order request waits in the outbox (a flag in localStorage), loads the outbox's page side, which
 * shows « en attente d'envoi » and sends it when the connection returns. Kept tiny: it ships on
 * every page, the home page included.
 */
import { OUTBOX_FLAG } from './outbox-flag';

const outbox = () => void import('./outbox-page').then((m) => m.watchOutbox());

if ('serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
  // The worker sent the outbox (Background Sync): show the outcome.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'comptoir:outbox') outbox();
  });
}
try {
  if (localStorage.getItem(OUTBOX_FLAG)) outbox();
} catch {
  // Storage refused (a privacy mode): no outbox on this device, nothing waits.
}
addEventListener('comptoir:outbox', outbox);
