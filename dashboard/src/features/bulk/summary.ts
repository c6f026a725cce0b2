import type { BulkAnswer } from '@comptoir/api/contract';

/** The refused rows under the summary: « Groupe 5 kVA : Modifié par quelqu’un d’autre… », the first five and a count. */
export function refusalText(answer: BulkAnswer): string | undefined {
  if (!answer.refused.length) return undefined;
  const shown = answer.refused.slice(0, 5).map((r) => `${r.label} : ${r.reason}`);
  const more = answer.refused.length - shown.length;
  return [...shown, ...(more > 0 ? [`… et ${more} autre${more > 1 ? 's' : ''}`] : [])].join('\n');
}
