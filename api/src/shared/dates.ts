/**
 * The one way dates are written for people, shared by the API (e-mails, PDFs, conflict messages), the
 * dashboard and the public site (`@comptoir/api/dates`). French, in the company's time zone: staff and
 * clients read the time of the clocks in Lomé whatever the zone of the server or of the browser.
 * Built on Intl only, so the site ships no date library.
 */
export const COMPANY_TIME_ZONE = 'Africa/Lome';

/**
 * A formatter made on first use, then kept: making one is the costly part (the locale's and the time
 * zone's data are loaded then), and a page whose islands import this module should not pay for the
 * eight of them while it starts (about 8 ms on the catalogue's first view, before any date is shown).
 */
const inLome = (options: Intl.DateTimeFormatOptions) => {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: COMPANY_TIME_ZONE }));
};

const SHORT_DAY = inLome({ day: '2-digit', month: 'short', year: 'numeric' });
const LONG_DAY = inLome({ day: 'numeric', month: 'long', year: 'numeric' });
const WEEKDAY = inLome({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const DAY_MONTH = inLome({ day: 'numeric', month: 'short' });
const DAY_MONTH_YEAR = inLome({ day: 'numeric', month: 'short', year: 'numeric' });
const TIME = inLome({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const CALENDAR_DAY = inLome({ year: 'numeric', month: '2-digit', day: '2-digit' });
const NUMERIC_DAY = inLome({ day: '2-digit', month: '2-digit', year: 'numeric' });

export type DateInput = string | number | Date | null | undefined;

/**
 * A Date from what the API sends: a Date, epoch milliseconds, an ISO string, a calendar day
 * ("2026-11-30", midnight in Lomé) or a database timestamp without zone ("2026-11-30 14:05:00", UTC as
 * stored). Null when missing or invalid.
 */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else {
    const text = value.trim();
    const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
    date = new Date(zoneless ? `${text.replace(' ', 'T')}Z` : text);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const written =
  (format: (date: Date) => string) =>
  (value: DateInput, empty = ''): string => {
    const date = toDate(value);
    return date ? format(date) : empty;
  };

/** "05 mars 2024": the spec's "DD MMM YYYY", on lists and cards. */
export const formatDate = written((date) => SHORT_DAY().format(date));

/** "05 mars 2024 14:05": the spec's "DD MMM YYYY HH:mm". */
export const formatDateTime = written((date) => `${SHORT_DAY().format(date)} ${TIME().format(date)}`);

/** "5 mars 2024": documents and e-mails (devis, factures, validity dates). */
export const formatLongDate = written((date) => LONG_DAY().format(date));

/** "5 mars 2024 à 14:05": e-mails and messages that name a moment. */
export const formatLongDateTime = written((date) => `${LONG_DAY().format(date)} à ${TIME().format(date)}`);

/** "05/03/2024": the date boxes of the PDFs (bons de livraison, factures, avoirs). */
export const formatNumericDate = written((date) => NUMERIC_DAY().format(date));

/** "mardi 5 mars 2024": the dashboard's greeting. */
export const formatWeekday = written((date) => WEEKDAY().format(date));

/** "17 juil.": axis labels. */
export const formatDayMonth = written((date) => DAY_MONTH().format(date));

/** "17 juil. 2026": week labels of tables and summaries. */
export const formatShortDay = written((date) => DAY_MONTH_YEAR().format(date));

/** "14:05". */
export const formatTime = written((date) => TIME().format(date));

/** "2026-11-30": the calendar day in Lomé of a moment (for "is it today?" and date inputs). */
export const calendarDay = written((date) => {
  const parts = Object.fromEntries(
    CALENDAR_DAY()
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
});
