import { escapeUTF8 } from 'entities';

/**
 * Text or a double-quoted attribute value made safe inside the HTML the API writes (e-mails, the
 * catalogue page for visitors without JavaScript): `& < > " '` escaped by the `entities` package,
 * every other character left as it is (the mails and pages are UTF-8).
 */
export const escapeHtml = (text: string): string => escapeUTF8(text);
