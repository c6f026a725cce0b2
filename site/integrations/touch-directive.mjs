// @ts-check
import { fileURLToPath } from 'node:url';
/**
 * `client:touch` (src/directives/touch.ts): an island that hydrates when the visitor reaches for it,
 * registered through Astro's API for custom client directives.
 */

/** @returns {import('astro').AstroIntegration} */
export default function touchDirective() {
  return {
    name: 'comptoir:touch-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'touch', entrypoint: fileURLToPath(new URL('../src/directives/touch.ts', import.meta.url)) });
      },
    },
  };
}
