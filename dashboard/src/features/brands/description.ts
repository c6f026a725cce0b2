/** Descriptions (brands, categories, products) hold at most 275 characters (spec section 9). */
export const DESCRIPTION_MAX = 275;

/** The counter beside a description: "{n} caractères restants". */
export function remainingText(value: string | undefined, max = DESCRIPTION_MAX): string {
  const left = Math.max(0, max - (value?.length ?? 0));
  return `${left} caractère${left > 1 ? 's' : ''} restant${left > 1 ? 's' : ''}`;
}

export const DESCRIPTION_REQUIRED = 'La description est requise.';
export const DESCRIPTION_TOO_LONG = `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères.`;

/** react-hook-form rules of a required description. */
export const descriptionRules = {
  validate: (value: string) => {
    if (!value.trim()) return DESCRIPTION_REQUIRED;
    return value.length <= DESCRIPTION_MAX ? true : DESCRIPTION_TOO_LONG;
  },
};
