/**
 * Toasts with sonner (top right, 5 s, pause on hover, swipe to dismiss). One Toaster for the whole
 * page, mounted on first use in a root of its own, so toasts from any island appear in the same
 * stack. sonner is loaded on demand: pages pay for it only when something is announced.
 */
type Kind = 'success' | 'error' | 'info' | 'warning';

let ready: Promise<typeof import('sonner')> | null = null;
let toasterHost: HTMLElement | null = null;
const supportsPopover = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/** Puts the toasts back on top of the top layer (after a modal dialog opened since the last toast). */
function raise(): void {
  if (!toasterHost || !supportsPopover) return;
  try {
    if (toasterHost.matches(':popover-open')) toasterHost.hidePopover();
    toasterHost.showPopover();
  } catch {
    // Not connected yet or not supported: toasts still show, below a modal dialog.
  }
}

function load(): Promise<typeof import('sonner')> {
  if (!ready) {
    ready = Promise.all([import('sonner'), import('react'), import('react-dom/client')]).then(async ([sonner, react, client]) => {
      const host = document.createElement('div');
      host.setAttribute('data-toaster', '');
      // A manual popover lives in the top layer: toasts stay visible above an open modal dialog.
      if (supportsPopover) {
        host.setAttribute('popover', 'manual');
        host.style.cssText =
          'inset:auto;top:0;right:0;margin:0;padding:0;border:0;background:transparent;overflow:visible;width:0;height:0';
      }
      document.body.append(host);
      toasterHost = host;
      client.createRoot(host).render(
        react.createElement(sonner.Toaster, {
          position: 'top-right',
          duration: 5000,
          richColors: true,
          closeButton: true,
          swipeDirections: ['right', 'top'],
          containerAriaLabel: 'Notifications',
          toastOptions: { closeButtonAriaLabel: 'Fermer la notification' },
        }),
      );
      // Let the Toaster subscribe before the first toast is published.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return sonner;
    });
  }
  return ready;
}

function show(kind: Kind, message: string): void {
  if (typeof document === 'undefined' || !message) return;
  void load().then(({ toast }) => {
    raise();
    toast[kind](message);
  });
}

/** Mount the Toaster early (on an island's first interaction) so the first toast is not delayed. */
export function prepareToasts(): void {
  if (typeof document !== 'undefined') void load();
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
