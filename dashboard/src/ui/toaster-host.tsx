import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { toast } from 'sonner';

// Notices (sonner) are fetched when the first one is shown, or when a signed-in screen opens: the
// sign-in screens, which show none, do not download them.
const AppToaster = lazy(() => import('./toaster'));

let requested = false;
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => (markReady = resolve));
const listeners = new Set<() => void>();

/** Mounts the notices' host (once); resolves with sonner's `toast` when the host listens. */
export function loadToasts(): Promise<typeof toast> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([import('sonner'), ready]).then(([sonner]) => sonner.toast);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the notices appear (in the root layout): nothing until one is asked for. */
export function ToasterHost() {
  const shown = useSyncExternalStore(subscribe, () => requested);
  return shown ? (
    <Suspense fallback={null}>
      <AppToaster onReady={markReady} />
    </Suspense>
  ) : null;
}
