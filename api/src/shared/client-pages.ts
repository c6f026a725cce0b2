/**
 * The site's pages where a client reads and answers their own orders without an account. They are
 * opened from the links of our e-mails, the link's token after `#` (a fragment never reaches a server,
 * a log line or a Referer).
 */
export const CLIENT_PAGES = {
  /** One order: its quotes, deliveries, invoices and the thread with the staff. */
  order: '/suivi-commande',
  /** Every order of an e-mail address. */
  orders: '/mes-commandes',
} as const;

/** The e-mailed address of a client page: the site's address, the page, the link's token. */
export function clientPageLink(siteUrl: string, page: keyof typeof CLIENT_PAGES, token: string): string {
  return `${siteUrl}${CLIENT_PAGES[page]}#${token}`;
}
