/**
 * Lengths and French messages of the free texts staff write, declared once for the API's DTOs and
 * the dashboard's forms (`@comptoir/api/text-limits`): both refuse the same text with the same words.
 */

/** Descriptions of brands, categories, products and roles (spec section 9). */
export const DESCRIPTION_MAX = 275;
export const DESCRIPTION_REQUIRED = 'La description est requise.';
export const DESCRIPTION_TOO_LONG = `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères.`;

/** The « À propos » text of a staff profile. */
export const ABOUT_MAX = 275;
export const ABOUT_TOO_LONG = `Le texte « À propos » ne doit pas dépasser ${ABOUT_MAX} caractères.`;

/** The public contact form (POST /api/contact): the site's inputs stop where the API refuses. */
export const CONTACT_LIMITS = { name: 255, email: 255, object: 255, messageMin: 10, messageMax: 5000 } as const;

/** The stock keeper's comment on an entry, an adjustment or an inventory count. */
export const STOCK_COMMENT_MAX = 500;
export const STOCK_COMMENT_TOO_LONG = `Le commentaire ne doit pas dépasser ${STOCK_COMMENT_MAX} caractères.`;

/** The remark printed on an invoice, and the reason of a credit note. */
export const INVOICE_NOTE_MAX = 2000;
export const INVOICE_NOTE_TOO_LONG = `La remarque ne doit pas dépasser ${INVOICE_NOTE_MAX} caractères.`;
export const CREDIT_NOTE_REASON_MAX = 2000;
export const CREDIT_NOTE_REASON_TOO_LONG = `Le motif ne doit pas dépasser ${CREDIT_NOTE_REASON_MAX} caractères.`;

/** A payment's reference: cheque, transfer or transaction number. */
export const PAYMENT_REFERENCE_MAX = 255;
export const PAYMENT_REFERENCE_TOO_LONG = `La référence ne doit pas dépasser ${PAYMENT_REFERENCE_MAX} caractères.`;

/** A delivery note's carrier and remark. */
export const DELIVERY_CARRIER_MAX = 255;
export const DELIVERY_CARRIER_TOO_LONG = `Le transporteur ne doit pas dépasser ${DELIVERY_CARRIER_MAX} caractères.`;
export const DELIVERY_NOTE_MAX = 2000;
export const DELIVERY_NOTE_TOO_LONG = `La remarque ne doit pas dépasser ${DELIVERY_NOTE_MAX} caractères.`;

/** The message sent to the client with a quote version (PDF and e-mail). */
export const QUOTE_MESSAGE_MAX = 2000;
export const QUOTE_MESSAGE_TOO_LONG = `Le message ne doit pas dépasser ${QUOTE_MESSAGE_MAX} caractères.`;

/** A message in an order's thread, whoever writes it (staff or client). */
export const ORDER_MESSAGE_MAX = 4000;
export const ORDER_MESSAGE_TOO_LONG = `Le message ne doit pas dépasser ${ORDER_MESSAGE_MAX} caractères.`;

/** The client's answer to a quote: the typed name of who accepts, the reason of a refusal. */
export const QUOTE_SIGNER_NAME_MAX = 255;
export const QUOTE_SIGNER_NAME_TOO_LONG = `Le nom ne doit pas dépasser ${QUOTE_SIGNER_NAME_MAX} caractères.`;
export const QUOTE_DECLINE_REASON_MAX = 2000;
export const QUOTE_DECLINE_REASON_TOO_LONG = `La raison ne doit pas dépasser ${QUOTE_DECLINE_REASON_MAX} caractères.`;

/** The address a client types on « Mes commandes » to receive the link to their orders. */
export const MY_ORDERS_EMAIL_MAX = 255;
export const MY_ORDERS_EMAIL_TOO_LONG = `L’adresse e-mail ne doit pas dépasser ${MY_ORDERS_EMAIL_MAX} caractères.`;

/** The dashboard's global search. */
export const DASHBOARD_SEARCH_MAX = 100;
export const DASHBOARD_SEARCH_TOO_LONG = `La recherche ne doit pas dépasser ${DASHBOARD_SEARCH_MAX} caractères.`;

/** The name of a saved view of a list. */
export const SAVED_VIEW_NAME_MAX = 80;
export const SAVED_VIEW_NAME_TOO_LONG = `Le nom ne doit pas dépasser ${SAVED_VIEW_NAME_MAX} caractères.`;

/** The title of a product's datasheet. */
export const DATASHEET_TITLE_MAX = 150;
export const DATASHEET_TITLE_TOO_LONG = `Le titre ne doit pas dépasser ${DATASHEET_TITLE_MAX} caractères.`;

/** The tax exemption mention of a product sold without VAT. */
export const TAX_EXEMPTION_MAX = 255;
export const TAX_EXEMPTION_TOO_LONG = `La mention d’exonération ne doit pas dépasser ${TAX_EXEMPTION_MAX} caractères.`;

/** A row of a product's specification table: the attribute (« Puissance ») and its value (« 20 kVA »). */
export const SPEC_NAME_MAX = 80;
export const SPEC_VALUE_MAX = 255;

/** An exchange rate's currency: an ISO 4217 code of three letters. */
export const CURRENCY_CODE_LENGTH = 3;

/** A code of an authenticator application: six digits, with a space allowed in the middle (« 123 456 »). */
export const TOTP_CODE_INPUT_MAX = 7;

/** The address a visitor subscribes to the newsletter with. */
export const NEWSLETTER_EMAIL_MAX = 255;
export const NEWSLETTER_EMAIL_TOO_LONG = `L'adresse email ne doit pas dépasser ${NEWSLETTER_EMAIL_MAX} caractères.`;
