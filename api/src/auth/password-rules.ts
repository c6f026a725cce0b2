import { dictionary } from '@zxcvbn-ts/language-common';
import { dictionary as french } from '@zxcvbn-ts/language-fr';
import { invalidField } from '../core/errors/api-error.js';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '../shared/account-fields.js';
import { Rule, isBlank } from '../common/field-rules.js';

/**
 * New passwords follow OWASP ASVS 5 (§6.2): at least 8 characters (15 or more recommended), long
 * passphrases allowed (up to 256), no composition rules, and refused when common or personal.
 */
export {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '../shared/account-fields.js';
export const PASSWORD_TOO_COMMON =
  'Ce mot de passe est trop courant ou trop facile à deviner. Choisissez-en un autre (une phrase de plusieurs mots convient bien).';
export const PASSWORD_COMPANY = "Le mot de passe ne doit pas reposer sur le nom de l'entreprise ni sur celui de son site.";
export const PASSWORD_PERSONAL = 'Le mot de passe ne doit contenir ni votre nom, ni votre prénom, ni votre adresse email.';

/**
 * The ~49,000 most common passwords of public breach corpora (the list of `@zxcvbn-ts/language-common`,
 * shipped with the package, ordered by frequency; its top 10,000 included), compared without case.
 */
let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

const fold = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** One character repeated ("aaaaaaaa"), a short chunk repeated ("abcabcab"), or a run such as "12345678" / "azertyui". */
function isTrivial(password: string): boolean {
  const chars = [...fold(password)];
  for (let size = 1; size <= 3; size++) {
    if (chars.every((c, i) => c === chars[i % size])) return true;
  }
  const codes = chars.map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  if (Math.abs(step) === 1 && codes.every((c, i) => i === 0 || c - codes[i - 1]! === step)) return true;
  return ['azertyuiopqsdfghjklmwxcvbn', 'qwertyuiopasdfghjklzxcvbnm', '1234567890'].some((row) => row.includes(chars.join('')));
}

/** Letters only, without accents: how words are compared once a password's decoration is gone. */
const letters = (value: string) => fold(value).replace(/[^a-z]/g, '');

/**
 * French words and names (the lists of `@zxcvbn-ts/language-fr`: 28,000 common words, 13,000 first
 * and last names, months, days...): a password that is one of them with digits or symbols around it
 * ("soleil123", "Marseille2024!") falls to the first dictionary attack in French.
 */
let frenchWords: Set<string> | undefined;
/** The 3,000 most common French words: short strings of them ("motdepasse", "jetaime") are as weak. */
let frequentFrench: Set<string> | undefined;
function frenchLists() {
  if (!frenchWords || !frequentFrench) {
    frenchWords = new Set(
      Object.values(french)
        .flat()
        .map(letters)
        .filter((w) => w.length >= 3),
    );
    frequentFrench = new Set(
      french['commonWords-fr']
        .slice(0, 3000)
        .map(letters)
        .filter((w) => w.length >= 2),
    );
  }
  return { frenchWords, frequentFrench };
}

/** The words of the company's name and web domain (set once from the configuration). */
let companyWords = new Set<string>();
export function useCompanyWords(company: { name: string; domain: string }): void {
  const domainLabels = company.domain.split('.').slice(0, -1).join(' ');
  companyWords = new Set(
    `${company.name} ${domainLabels}`
      .split(/[^\p{L}\p{N}]+/u)
      .map(letters)
      .filter((w) => w.length >= 4),
  );
}

/** `text` written as at most `parts` words of `words` ("motdepasse": mot + de + passe). */
function isMadeOf(text: string, words: ReadonlySet<string>, parts: number): boolean {
  if (text.length === 0) return true;
  if (parts === 0) return false;
  for (let end = text.length; end >= 2; end--)
    if (words.has(text.slice(0, end)) && isMadeOf(text.slice(end), words, parts - 1)) return true;
  return false;
}

/** The password's letters once the digits and symbols around them are gone ("Soleil123!" -> "soleil"). */
const core = (password: string) => fold(password).replace(/^[^a-z]+|[^a-z]+$/g, '');

/** The French message when `password` is common, trivial, a French word dressed up or the company's name, else null. */
export function commonPasswordProblem(password: string): string | null {
  const folded = fold(password);
  if (commonPasswords().has(password.toLowerCase()) || commonPasswords().has(folded) || isTrivial(password))
    return PASSWORD_TOO_COMMON;
  const word = core(password);
  // Only letters in the middle: digits or symbols inside ("sol3il") make it something else.
  if (!/^[a-z]*$/.test(word)) return null;
  if (
    companyWords.size &&
    isMadeOf(word, new Set([...companyWords, ...frenchLists().frequentFrench]), 3) &&
    [...companyWords].some((w) => word.includes(w))
  )
    return PASSWORD_COMPANY;
  const { frenchWords: all, frequentFrench: frequent } = frenchLists();
  if (commonPasswords().has(word) || all.has(word) || (word.length <= 16 && isMadeOf(word, frequent, 3)))
    return PASSWORD_TOO_COMMON;
  return null;
}

export interface PasswordOwner {
  email?: string | null;
  firstname?: string | null;
  name?: string | null;
}

/** The French message when `password` contains its owner's name, first name or e-mail's local part, else null. */
export function personalPasswordProblem(password: string, owner: PasswordOwner): string | null {
  const folded = fold(password).replace(/[^\p{L}\p{N}]/gu, '');
  const compact = (value: string) => fold(value).replace(/[^\p{L}\p{N}]/gu, '');
  // Whole names and the e-mail's local part count from 3 letters ("Yao"); the pieces of a compound
  // name ("Jean-Marc") from 4. Words of an address ("profil.nouveau@") are not personal on their own.
  const whole = [owner.firstname, owner.name, owner.email?.split('@')[0]].filter(Boolean).map((v) => compact(v!));
  const pieces = [owner.firstname, owner.name]
    .filter(Boolean)
    .flatMap((v) => fold(v!).split(/[^\p{L}\p{N}]+/u))
    .filter((piece) => [...piece].length >= 4);
  const parts = [...whole.filter((part) => [...part].length >= 3), ...pieces];
  return parts.some((part) => folded.includes(part)) ? PASSWORD_PERSONAL : null;
}

/** For services that know the account: a 422 on `password` when it is personal. */
export function assertPasswordNotPersonal(password: string, owner: PasswordOwner, field = 'password'): void {
  const problem = personalPasswordProblem(password, owner);
  if (problem) throw invalidField(field, problem);
}

/**
 * When present, a new password of 8 to 256 characters, not common, and (from the fields of the same
 * form: email, firstname, name) not personal. Services check against the stored account as well
 * (`assertPasswordNotPersonal`) when the form does not carry the owner's details.
 */
export const IsNewPassword = () =>
  Rule('isNewPassword', (value, form) => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string') return PASSWORD_TOO_SHORT;
    const length = [...value].length;
    if (length < PASSWORD_MIN || isBlank(value)) return PASSWORD_TOO_SHORT;
    if (length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
    const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : null);
    return (
      commonPasswordProblem(value) ??
      personalPasswordProblem(value, { email: text('email'), firstname: text('firstname'), name: text('name') })
    );
  });
