// The outbox's names, in a module of their own: the script of every page reads the flag without
// downloading the outbox's code (sw/page.ts).

/** The page's hint that something waits in the outbox (localStorage: read without opening IndexedDB). */
export const OUTBOX_FLAG = 'comptoir:outbox';
/** The Background Sync tag the service worker sends the outbox on. */
export const OUTBOX_SYNC_TAG = 'comptoir-outbox';
