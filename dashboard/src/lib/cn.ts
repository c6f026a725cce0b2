let merge: ((classes: string) => string) | undefined;

/**
 * Fetches tailwind-merge (about 9 KB compressed). The route guard of the signed-in screens waits for
 * it, so every signed-in screen is drawn with it; the sign-in screens (sign-in, second factor, password
 * recovery), drawn before, do without it and stay under their weight budget: they never pass a class
 * that contradicts a component's own, so joining their classes gives what merging would.
 */
export function loadClassMerging(): Promise<void> {
  return import('./class-merge').then((module) => {
    merge = module.merge;
  });
}

/**
 * Joins class names, skipping falsy values; when two classes set the same property the later one wins
 * (`cn('text-ink-muted', active && 'text-brand-800')` gives the active colour, whatever the order of
 * the rules in the generated CSS), once `loadClassMerging` has run.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  const joined = classes.filter(Boolean).join(' ');
  return merge ? merge(joined) : joined;
}
