import js from '@eslint/js';
import eslintPluginAstro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The statuses of orders, quote versions, invoices, delivery notes and payments, and their French
// words, are declared once in @comptoir/api/statuses: a front end mapping a status to its own label
// (`{ shipped: 'Expédié' }`, `{ draft: { label: 'Brouillon' } }`, `{ label: 'Payée' }`) or listing
// the statuses again would drift from the API's validation messages and exports.
const STATUS_KEY =
  '/^(pending|inprogress|shipped|canceled|draft|sent|accepted|declined|expired|issued|partly_paid|paid|overdue|canceled_by_credit_note|virement|especes|cheque|tmoney|flooz|carte)$/';
const STATUS_LABEL =
  '/^(En attente|En cours|Expédiée?|Annulée?|Livrée|Confirmée, en cours|Brouillon|Envoyé|Accepté|Refusé|Expiré.*|Émise|Payée|Partiellement payée|En retard|Annulée par avoir|Virement bancaire|Espèces|Chèque|T-Money|Flooz|Carte bancaire)$/';
const STATUS_MESSAGE = 'Statuses and their French labels are declared once: import them from @comptoir/api/statuses.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.astro/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // .astro pages and components: the plugin parses the template and hands the frontmatter and the
  // <script> blocks to a script parser. It looks for the TypeScript parser from the working directory;
  // naming it here keeps TypeScript parsing whatever folder ESLint is started from.
  ...eslintPluginAstro.configs.recommended,
  {
    files: ['**/*.astro'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    files: ['**/*.astro/*.ts'],
    languageOptions: { parser: tseslint.parser },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Nest's injectables and TypeORM's entity lists are typed as Function by the libraries themselves.
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['dashboard/src/**/*.tsx', 'dashboard/src/**/*.ts', 'site/src/**/*.tsx', 'site/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // One definition per rule: the front ends import the shared ones (`@comptoir/api/permissions`,
  // `/dates`, `/money`, `/slug`, `/text-limits`) instead of declaring their own copy, which would drift.
  {
    files: ['dashboard/src/**/*.{ts,tsx}', 'site/src/**/*.{ts,tsx}', 'site/src/**/*.astro/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ArrayExpression:has(> Literal[value='blog']):has(> Literal[value='shop'])",
          message: 'The permission categories are declared once: import them from @comptoir/api/permissions.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Dates are written by @comptoir/api/dates (French, Lomé time).',
        },
        {
          selector: 'FunctionDeclaration[id.name=/^(slugify|formatPrice|formatDate(Time)?)$/]',
          message: 'This rule has one implementation, shared: import it from @comptoir/api (slug, money, dates).',
        },
        {
          selector: "Property[key.name='XOF'][value.value='FCFA']",
          message: 'Currency symbols and decimals are declared once: import CURRENCY_SYMBOLS from @comptoir/api/money.',
        },
        { selector: `Property[key.name=${STATUS_KEY}] > Literal[value=/^[A-ZÀ-Ý]/]`, message: STATUS_MESSAGE },
        {
          selector: `Property[key.name=${STATUS_KEY}] > ObjectExpression > Property[key.name='label'] > Literal`,
          message: STATUS_MESSAGE,
        },
        { selector: `Property[key.name='label'] > Literal[value=${STATUS_LABEL}]`, message: STATUS_MESSAGE },
        {
          selector: "ArrayExpression:has(> Literal[value='pending']):has(> Literal[value='shipped'])",
          message: STATUS_MESSAGE,
        },
        {
          selector: "ArrayExpression:has(> Literal[value='Carte bancaire']):has(> Literal[value='Mobile Money'])",
          message: STATUS_MESSAGE,
        },
        {
          selector:
            "JSXAttribute[name.name='maxLength'] > JSXExpressionContainer > Literal, JSXAttribute[name.name='maxLength'] > Literal",
          message:
            'Field limits are declared once, with the API that refuses longer texts: import them from @comptoir/api/text-limits.',
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'date-fns', message: 'Dates are written by @comptoir/api/dates (French, Lomé time).' }] },
      ],
    },
  },
  // The API writes dates through shared/dates.ts too (e-mails, PDFs, conflict messages): one set of
  // formats, always in Lomé time, whatever the server's zone.
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/shared/dates.ts', '**/*.spec.ts', '**/*.e2e-spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Dates are written by shared/dates.ts (French, Lomé time).',
        },
      ],
    },
  },
  // Type-aware rules where a type-checked project holds the file: a promise nobody awaits loses its
  // error (an unhandled rejection at best, a test that asserts nothing at worst).
  {
    files: ['api/{src,test}/**/*.ts', 'dashboard/src/**/*.{ts,tsx}', 'site/src/**/*.{ts,tsx}', 'tests/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'tests/**/*.ts', 'api/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
