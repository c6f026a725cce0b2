/**
 * Every page: registers the service worker (`/sw.js`, built with the release) and, only when an
 * order request waits in the outbox (a flag in localStorage), loads the outbox's page side, which
 * shows « en attente d'envoi » and sends it when the connection returns. Kept tiny: it ships on
 * every page, the home page included.
 */
import { OUTBOX_FLAG } from './outbox-flag';

const outbox = () => void import('./outbox-page').then((m) => m.watchOutbox());

// Once the browser is idle: the first reading of localStorage and the service worker's container are
// synchronous calls to the browser process, tens of milliseconds on a busy phone, which made this
// script's task a long one while the page loads.
const start = () => {
  if ('serviceWorker' in navigator) {
    const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    if (document.readyState === 'complete') register();
    else addEventListener('load', register, { once: true });
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
};
if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
else setTimeout(start, 0);
addEventListener('comptoir:outbox', outbox);
