import { useEffect } from 'react';
import { BRAND_NAME } from './brand';

/** Sets the browser tab's title for the current screen ("Administrateurs · Comptoir"). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${BRAND_NAME}`;
  }, [title]);
}
