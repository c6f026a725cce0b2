/**
 * An amount in French words, as West African quotes and invoices state it ("Arrêté le présent devis
 * à la somme de …"): "un million deux-cent-mille francs CFA", "mille-deux-cent-trente-quatre euros
 * et cinquante centimes", "quatre-vingts dollars". Runtime code shared with the front ends:
 * `@comptoir/api/amount-in-words`.
 *
 * The numerals come from n2words (fr-FR), which follows the agreement rules (quatre-vingts but
 * quatre-vingt-un and quatre-vingt mille, deux cents but deux cent un, mille invariable, millions
 * and milliards plural). They are written in the 1990 spelling taught in French schools
 * (soixante-et-onze, deux-cent-un: every numeral joined by hyphens), except that million and
 * milliard, which are nouns, stand apart ("deux millions trois-cent-mille"). A noun ending the number
 * takes "de" before the currency: "un million de francs CFA", "deux milliards d'euros".
 */
import { toCardinal } from 'n2words/fr-FR';

/** The currencies Comptoir writes out; the others fall back to their ISO code. */
const CURRENCIES: Record<string, { unit: [string, string]; decimals: number; cent?: [string, string] }> = {
  XOF: { unit: ['franc CFA', 'francs CFA'], decimals: 0 },
  EUR: { unit: ['euro', 'euros'], decimals: 2, cent: ['centime', 'centimes'] },
  USD: { unit: ['dollar', 'dollars'], decimals: 2, cent: ['cent', 'cents'] },
};

const NOUNS = new Set(['million', 'millions', 'milliard', 'milliards']);

/** A non-negative integer in French words, 1990 spelling: 71 → "soixante-et-onze". */
export function numberInWords(value: bigint | number): string {
  const n = BigInt(value);
  if (n < 0n) return `moins ${numberInWords(-n)}`;
  const words = toCardinal(n, { withHyphenSeparator: true }).split('-');
  // Join the numerals with hyphens, the nouns million(s) and milliard(s) with spaces.
  let out = '';
  for (const [i, word] of words.entries()) {
    const apart = i > 0 && (NOUNS.has(word) || NOUNS.has(words[i - 1]!));
    out += i === 0 ? word : `${apart ? ' ' : '-'}${word}`;
  }
  return out;
}

/** "un million" → "un million de", "deux milliards" → "deux milliards d'": before a currency's name. */
function withUnit(count: bigint, [one, many]: [string, string]): string {
  const words = numberInWords(count);
  const name = count === 0n || count === 1n ? one : many;
  const last = words.split(' ').at(-1)!;
  if (!NOUNS.has(last)) return `${words} ${name}`;
  return /^[aeiouyéè]/i.test(name) ? `${words} d’${name}` : `${words} de ${name}`;
}

/**
 * `minor` units of `currency` in words: 1250000n XOF → "un million deux-cent-cinquante-mille francs
 * CFA"; 123456n EUR → "mille-deux-cent-trente-quatre euros et cinquante-six centimes". No centimes
 * part when there are none; "zéro franc CFA" for nothing.
 */
export function amountInWords(minor: bigint, currency: string): string {
  const code = currency.toUpperCase();
  const spec = CURRENCIES[code];
  if (minor < 0n) return `moins ${amountInWords(-minor, code)}`;
  if (!spec) return `${numberInWords(minor)} ${code}`;
  if (!spec.cent || spec.decimals === 0) return withUnit(minor, spec.unit);
  const scale = 10n ** BigInt(spec.decimals);
  const units = minor / scale;
  const cents = minor % scale;
  if (cents === 0n) return withUnit(units, spec.unit);
  if (units === 0n) return withUnit(cents, spec.cent);
  return `${withUnit(units, spec.unit)} et ${withUnit(cents, spec.cent)}`;
}

/** The sentence that closes a French quote or invoice: "Arrêté le présent devis à la somme de …". */
export function arretePhrase(documentName: string, amounts: readonly { minor: bigint; currency: string }[]): string {
  const parts = amounts.map((a) => amountInWords(a.minor, a.currency));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}` : (parts[0] ?? '');
  return `Arrêté le présent ${documentName} à la somme de : ${list}.`;
}
