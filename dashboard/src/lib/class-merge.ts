import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge taught the design tokens that are not Tailwind defaults (tokens.css), so that it
 * tells a custom shadow from a shadow colour. Fetched by `loadClassMerging` (cn.ts).
 */
export const merge = extendTailwindMerge({
  extend: { theme: { shadow: ['card', 'raised'] } },
});
