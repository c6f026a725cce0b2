import { useRef } from 'react';

/**
 * Focus goes back to the control that opened a dialog when it closes. Dialogs here are
 * opened from state (a row menu's "Modifier", a button), not from a Radix trigger, and the menu item
 * that was clicked is gone by the time the dialog closes, so Radix would fall back to the page's top.
 * The last control focused outside dialogs and menus is remembered; a dialog takes it when it opens.
 */
let lastOutside: HTMLElement | null = null;
const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]';

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.body && !target.closest(OVERLAYS)) lastOutside = target;
    },
    true,
  );
  // A menu's trigger keeps focus while its menu is open; a click outside menus counts too.
  document.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>('button, a, [tabindex]') : null;
      if (target && !target.closest(OVERLAYS)) lastOutside = target;
    },
    true,
  );
}

/**
 * For a dialog: `onCloseAutoFocus` that puts focus back on its opener (when it is still on the page;
 * otherwise Radix's default applies).
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  if (open && !opener.current) opener.current = lastOutside;
  if (!open && opener.current && !opener.current.isConnected) opener.current = null;
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
  };
}
