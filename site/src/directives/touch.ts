import type { ClientDirective } from 'astro';

/**
 * What `client:touch={…}` may name: what, besides the visitor reaching for the island, needs it at once.
 */
export interface TouchOptions {
  /** Keys of this browser's storage (local or session) whose value, when there is one other than an empty list, the HTML cannot show. */
  stored?: string[];
  /** Events on `window` after which the island must answer (the early script recorded a tap on a cart button). */
  events?: string[];
}

/**
 * What a visitor does first when reaching for a control: press it, focus it (Tab), type; or a field
 * changed without any of these (assistive technology, autofill).
 */
const REACHING = ['pointerdown', 'focusin', 'keydown', 'input', 'change'] as const;

function kept(key: string): boolean {
  try {
    const value = localStorage.getItem(key) ?? sessionStorage.getItem(key);
    return value !== null && value !== '' && value !== '[]';
  } catch {
    // Storage refused (a privacy mode): nothing was kept.
    return false;
  }
}

/**
 * `client:touch`: the island hydrates when the visitor reaches for it, or at once when the page must show
 * what its HTML cannot (an address with a query: filters, `?panier=1`; something kept under one of the
 * `stored` keys: a cart, a display currency; one of the `events`). Until then its HTML is the page: the
 * catalogue's filters are a GET form that works without React, links are links, and React's hydration
 * (long tasks on a busy phone, right after the first paint) is not paid by a visitor who only reads.
 *
 * A control changed before React answers keeps what the visitor did (the island reads its fields when it
 * mounts, see useCatalogue); a button or a link pressed before is pressed again once React answers
 * (« Afficher plus » then shows 4 more in place instead of leading to the next page), the form's own
 * submit excepted (it works without React).
 */
const touchDirective: ClientDirective = (load, options, el) => {
  const wanted: TouchOptions = typeof options.value === 'object' && options.value ? (options.value as TouchOptions) : {};
  const pressed: HTMLElement[] = [];
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    // Read by the test helpers: this island is on its way, wait for it.
    el.setAttribute('data-touched', '');
    for (const type of REACHING) el.removeEventListener(type, start, true);
    for (const type of wanted.events ?? []) window.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', hold, true);
    for (const button of pressed.splice(0)) button.click();
  };
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('button, a[href]') : null;
    if (!control || !el.hasAttribute('ssr') || (control instanceof HTMLButtonElement && control.type === 'submit')) return;
    // A link opened elsewhere (new tab, window) goes as the browser takes it.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!pressed.includes(control)) pressed.push(control);
    void start();
  };
  if (window.location.search || (wanted.stored ?? []).some(kept)) {
    void start();
    return;
  }
  for (const type of REACHING) el.addEventListener(type, start, { capture: true, passive: true });
  for (const type of wanted.events ?? []) window.addEventListener(type, start);
  el.addEventListener('click', hold, true);
};

export default touchDirective;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates when the visitor reaches for the island (above). */
    'client:touch'?: boolean | TouchOptions;
  }
}
