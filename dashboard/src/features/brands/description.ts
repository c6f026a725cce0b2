import { DESCRIPTION_MAX, DESCRIPTION_REQUIRED, DESCRIPTION_TOO_LONG } from '@comptoir/api/text-limits';

/** Descriptions (brands, categories, products) hold at most 275 characters (spec section 9), as the API checks. */
export { DESCRIPTION_MAX, DESCRIPTION_REQUIRED, DESCRIPTION_TOO_LONG };

/** The counter beside a description: "{n} caractères restants". */
export function remainingText(value: string | undefined, max = DESCRIPTION_MAX): string {
  const left = Math.max(0, max - (value?.length ?? 0));
  return `${left} caractère${left > 1 ? 's' : ''} restant${left > 1 ? 's' : ''}`;
}

/** react-hook-form rules of a required description. */
export const descriptionRules = {
  validate: (value: string) => {
    if (!value.trim()) return DESCRIPTION_REQUIRED;
    return value.length <= DESCRIPTION_MAX ? true : DESCRIPTION_TOO_LONG;
  },
};
