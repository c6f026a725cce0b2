import { formatDayMonth, formatShortDay } from '@comptoir/api/dates';

/** "17 nov." for the week starting on Monday 2026-11-17 (axis labels). */
export const weekLabel = (week: string): string => formatDayMonth(week);

/** "semaine du 17 nov. 2026" (table rows and summaries). */
export const weekText = (week: string): string => `semaine du ${formatShortDay(week)}`;
