import { describe, expect, it } from '@jest/globals';
import {
  calendarDay,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatLongDate,
  formatLongDateTime,
  formatWeekday,
  toDate,
} from './dates.js';

describe('dates written for people', () => {
  it('writes the spec’s "DD MMM YYYY" and "DD MMM YYYY HH:mm" in French', () => {
    expect(formatDate('2024-03-05T14:05:00.000Z')).toBe('05 mars 2024');
    expect(formatDateTime('2024-03-05T14:05:00.000Z')).toBe('05 mars 2024 14:05');
    expect(formatDate('2026-07-17')).toBe('17 juil. 2026');
    expect(formatDayMonth('2026-11-17')).toBe('17 nov.');
  });

  it('shows the time of the clocks in Lomé, whatever the zone the moment was written in', () => {
    // 23:30 in Paris (UTC+1 in winter) is 22:30 in Lomé, the same evening.
    expect(formatDateTime('2026-01-15T23:30:00+01:00')).toBe('15 janv. 2026 22:30');
    // 00:30 in Cotonou (UTC+1), next door, is still the day before in Lomé.
    expect(formatDate('2026-01-16T00:30:00+01:00')).toBe('15 janv. 2026');
    expect(calendarDay('2026-01-16T00:30:00+01:00')).toBe('2026-01-15');
  });

  it('reads database timestamps without zone as the UTC they were stored in', () => {
    expect(toDate('2026-11-30 23:59:00')?.toISOString()).toBe('2026-11-30T23:59:00.000Z');
    expect(formatDateTime('2026-11-30 23:59:00')).toBe('30 nov. 2026 23:59');
  });

  it('writes documents’ and e-mails’ long dates', () => {
    expect(formatLongDate('2026-03-05T10:00:00Z')).toBe('5 mars 2026');
    expect(formatLongDateTime('2026-03-05T10:00:00Z')).toBe('5 mars 2026 à 10:00');
    expect(formatWeekday('2026-11-26T08:00:00Z')).toBe('jeudi 26 novembre 2026');
  });

  it('gives the placeholder of the caller for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined, '—')).toBe('—');
    expect(formatDateTime('pas une date', '—')).toBe('—');
    expect(toDate('')).toBeNull();
  });
});
