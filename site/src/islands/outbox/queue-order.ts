import type { OrderRequestPayload } from '@comptoir/api/contract';
import { OUTBOX_FLAG, OUTBOX_SYNC_TAG } from '../../sw/outbox-flag';
import { putEntry } from '../../sw/outbox-store';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Puts an order request that got no answer into the outbox (IndexedDB) with its Idempotency-Key,
 * asks for Background Sync where the browser has it, and wakes the page's outbox (indicator, send
 * on `online`). Answers false when the outbox cannot be used (no IndexedDB): the caller says the
 * server could not be reached, as before.
 */
export async function queueOrder(key: string, payload: OrderRequestPayload): Promise<boolean> {
  try {
    await putEntry({ key, payload, queuedAt: Date.now() });
  } catch {
    return false;
  }
  localStorage.setItem(OUTBOX_FLAG, '1');
  window.dispatchEvent(new Event('comptoir:outbox'));
  if ('serviceWorker' in navigator)
    void navigator.serviceWorker.ready
      .then((registration) => (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
      .catch(() => undefined);
  return true;
}
