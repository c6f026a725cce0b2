import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge taught the design tokens that are not Tailwind defaults (tokens.css), so that it
 * tells a custom shadow from a shadow colour.
 */
const merge = extendTailwindMerge({
  extend: { theme: { shadow: ['card', 'raised'] } },
});

/**
 * Joins class names, skipping falsy values; when two classes set the same property the later one wins
 * (`cn('text-ink-muted', active && 'text-brand-800')` gives the active colour, whatever the order of
 * the rules in the generated CSS).
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return merge(classes.filter(Boolean).join(' '));
}
