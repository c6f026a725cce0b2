import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the front ends' logic, where it lives (`*.test.ts` beside the code): the site's cart
 * and the dashboard's URL state, money, permissions, charts and editor conversions, and their hooks
 * rendered with Testing Library (`*.test.tsx`). Browser-like globals (localStorage, DOMParser) come
 * from jsdom. The API and the site's build helpers keep their jest suites (`*.spec.ts`).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'dashboard', root: './dashboard', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      { test: { name: 'site', root: './site', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
    ],
  },
});
