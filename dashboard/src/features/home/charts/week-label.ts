import { format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';

/** "17 nov." for the week starting on Monday 2026-11-17 (axis labels). */
export function weekLabel(week: string): string {
  return format(parseISO(week), 'd MMM', { locale: fr });
}

/** "semaine du 17 nov. 2026" (table rows and summaries). */
export function weekText(week: string): string {
  return `semaine du ${format(parseISO(week), 'd MMM yyyy', { locale: fr })}`;
}
