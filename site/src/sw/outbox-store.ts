/**
 * The outbox: order requests that could not reach the server (offline, or the network failed), kept
 * in IndexedDB with their Idempotency-Key until they are sent. Shared by the order dialog (which
 * queues), the page (which sends when the connection returns) and the service worker (Background Sync).
 */
import type { OrderCreatedAnswer, OrderRequestPayload } from '@comptoir/api/contract';

export interface OutboxEntry {
  /** The request's Idempotency-Key: the same key within a day gives the same order, never a second one. */
  key: string;
  payload: OrderRequestPayload;
  queuedAt: number;
  /** Set once the server answered: the order made, or why it was refused. */
  result?: { order: OrderCreatedAnswer['order'] } | { error: string };
}

const DB_NAME = 'comptoir-outbox';
const STORE = 'requests';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
  });
}

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
  return request(req);
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await request(run(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

export const putEntry = (entry: OutboxEntry) => withStore('readwrite', (s) => s.put(entry));
export const deleteEntry = (key: string) => withStore('readwrite', (s) => s.delete(key));
export const allEntries = () => withStore('readonly', (s) => s.getAll() as IDBRequest<OutboxEntry[]>);

/** A fresh Idempotency-Key (8-128 of [A-Za-z0-9_-], as the API accepts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** One at a time across the tabs and the service worker (Web Locks), so an entry is never sent twice. */
function exclusive<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request('comptoir-outbox', run) : run();
}

const FAILED = 'Votre demande en attente n’a pas pu être enregistrée.';

/**
 * Sends every entry not yet answered, oldest first, with its Idempotency-Key. A network failure stops
 * (the rest waits for the next try); an answer, accepted or refused, is recorded on the entry for
 * the page to show. Answers whether anything is still waiting for the network.
 */
export function sendOutbox(): Promise<boolean> {
  return exclusive(async () => {
    const entries = (await allEntries()).sort((a, b) => a.queuedAt - b.queuedAt);
    for (const entry of entries) {
      if (entry.result) continue;
      let res: Response;
      try {
        res = await fetch('/api/order/create', {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': entry.key },
          body: JSON.stringify(entry.payload),
          credentials: 'same-origin',
        });
      } catch {
        return true;
      }
      // A proxy's error page or a restarting server: try again later, the key keeps it single.
      if (res.status >= 500) return true;
      const data = (await res.json().catch(() => null)) as (OrderCreatedAnswer & { message?: string }) | null;
      entry.result = res.ok && data?.order ? { order: data.order } : { error: data?.message ?? FAILED };
      await putEntry(entry);
    }
    return false;
  });
}
