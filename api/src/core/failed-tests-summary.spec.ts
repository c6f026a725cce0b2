import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module script, without type declarations.
import { jestFailures, playwrightFailures, printFailedTests, readReport } from '../../../scripts/lib/failed-tests.mjs';

type Failure = { title: string; lines: string[] };
const dir = mkdtempSync(join(tmpdir(), 'failed-tests-'));
const report = (name: string, content: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

/**
 * `npm test` ends with the failed tests named (CI keeps the end of its log): what each runner's JSON
 * report says failed, with the first lines of why, and nothing for what passed or was retried.
 */
describe('the failed tests named at the end of npm test', () => {
  it('names a failed jest test by file and full name, with its message and its own frames only', () => {
    const file = report('jest.json', {
      testResults: [
        {
          name: join(process.cwd(), 'src/orders/orders.e2e-spec.ts'),
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'orders lists them', failureMessages: [] },
            {
              status: 'failed',
              fullName: 'orders refuses a quantity above the stock',
              failureMessages: [
                '\u001b[31mError: expect(received).toBe(expected)\u001b[39m\n\nExpected: 422\nReceived: 500\n' +
                  '    at Object.<anonymous> (/app/api/src/orders/orders.e2e-spec.ts:42:7)\n' +
                  '    at new Promise (<anonymous>)\n' +
                  '    at Promise.then.completed (/app/node_modules/jest-circus/build/utils.js:298:28)',
              ],
            },
          ],
        },
        { name: join(process.cwd(), 'src/stock/stock.e2e-spec.ts'), status: 'passed', assertionResults: [] },
      ],
    });
    const failures = jestFailures(readReport(file)) as Failure[];
    expect(failures).toEqual([
      {
        title: 'src/orders/orders.e2e-spec.ts › orders refuses a quantity above the stock',
        lines: [
          '      Error: expect(received).toBe(expected)',
          '      Expected: 422',
          '      Received: 500',
          '          at Object.<anonymous> (/app/api/src/orders/orders.e2e-spec.ts:42:7)',
        ],
      },
    ]);
  });

  it('names a jest file that failed before any of its tests ran', () => {
    const file = report('suite.json', {
      testResults: [
        {
          name: join(process.cwd(), 'src/boot.e2e-spec.ts'),
          status: 'failed',
          message: 'Cannot find module ./missing.js',
          assertionResults: [],
        },
      ],
    });
    expect(jestFailures(readReport(file))).toEqual([
      { title: 'src/boot.e2e-spec.ts (the file failed)', lines: ['      Cannot find module ./missing.js'] },
    ]);
  });

  it('names a browser test that failed its last try, not one that passed when retried', () => {
    const file = report('playwright.json', {
      suites: [
        {
          title: 'contact.spec.ts',
          file: 'contact.spec.ts',
          specs: [],
          suites: [
            {
              title: 'the contact form',
              file: 'contact.spec.ts',
              specs: [
                {
                  title: 'sends the message',
                  file: 'contact.spec.ts',
                  line: 12,
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ error: { message: 'first try' } }, { error: { message: 'Error: still no toast' } }],
                    },
                  ],
                },
                {
                  title: 'shows the map',
                  file: 'contact.spec.ts',
                  line: 30,
                  tests: [{ status: 'flaky', results: [{ error: { message: 'first try' } }, {}] }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(playwrightFailures(readReport(file))).toEqual([
      { title: 'contact.spec.ts:12 › the contact form › sends the message', lines: ['      Error: still no toast'] },
    ]);
  });

  it('prints nothing when every test passed, and each failure under its stage otherwise', () => {
    const printed: string[] = [];
    const log = console.log;
    console.log = (line: string) => printed.push(line);
    try {
      printFailedTests([{ label: 'vitest', failures: [] }]);
      expect(printed).toEqual([]);
      printFailedTests([
        { label: 'vitest', failures: [] },
        { label: 'jest-sqlite', failures: [{ title: 'a.e2e-spec.ts › it breaks', lines: ['      Error: no'] }] },
      ]);
    } finally {
      console.log = log;
    }
    expect(printed).toEqual(['Failed tests:', '  [jest-sqlite] a.e2e-spec.ts › it breaks', '      Error: no', '']);
  });

  it('reads a missing or unreadable report as no failures (the stage itself is then counted failed)', () => {
    expect(jestFailures(readReport(join(dir, 'none.json')))).toEqual([]);
    expect(playwrightFailures(readReport(report('broken.json', 'not a report')))).toEqual([]);
  });
});
