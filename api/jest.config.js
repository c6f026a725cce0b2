// ESM recipe of DESIGN.md: jest 30 with --experimental-vm-modules, @swc/jest emitting ES modules with
// legacy decorators and metadata, and relative `.js` imports mapped back to their `.ts` sources.
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    module: { type: 'es6' },
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
    },
  },
];
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
};
export default {
  projects: [
    // The site's build-time helpers (site/src/lib) are plain TypeScript: unit-tested here too.
    {
      ...common,
      displayName: 'unit',
      roots: ['<rootDir>/src', '<rootDir>/../site/src'],
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/../site/src/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts', '<rootDir>/src/**/*.e2e-spec.ts'],
    },
  ],
  // Jest 30 reads testTimeout only at the top level (a project's own value is ignored and the 5 s
  // default applies). Building the app in a beforeAll on a loaded 2-core machine can take far longer;
  // a generous limit only bounds hangs, since tests wait for conditions, not for time.
  testTimeout: 180_000,
};
