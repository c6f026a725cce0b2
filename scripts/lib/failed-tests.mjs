// The tests that failed, read back from the runners' JSON reports, so that the end of a CI log (often
// the only part that is kept) names them and says why, instead of only « 1 failed ».
import fs from 'node:fs';
import path from 'node:path';

const MESSAGE_LINES = 12;

/** The first lines of a failure message, without terminal colours, indented for the summary. */
function excerpt(message) {
  const lines = String(message ?? '')
    // eslint-disable-next-line no-control-regex -- the reporters' ANSI colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    // The runners' own frames say nothing about the test: the message and the project's frames do.
    .filter((line) => line.trim() !== '' && !/^\s*at .*(node_modules|node:internal|\(<anonymous>\)$)/.test(line));
  const kept = lines.slice(0, MESSAGE_LINES).map((line) => `      ${line}`);
  if (lines.length > MESSAGE_LINES) kept.push(`      … ${lines.length - MESSAGE_LINES} more lines`);
  return kept;
}

/** A runner's JSON report, parsed; null when it is missing or unreadable (the stage then counts as failed). */
export function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Failures in a jest or Vitest `--json` report: failed tests, and files that failed before any test. */
export function jestFailures(report) {
  if (!report) return [];
  const found = [];
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name ?? '');
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failed) {
      found.push({ title: `${where} › ${test.fullName ?? test.title}`, lines: excerpt(test.failureMessages?.join('\n')) });
    }
    if (failed.length === 0 && suite.status === 'failed') {
      found.push({ title: `${where} (the file failed)`, lines: excerpt(suite.message) });
    }
  }
  return found;
}

/** Failures in a Playwright JSON report: tests whose last try failed or timed out. */
export function playwrightFailures(report) {
  if (!report) return [];
  const found = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        found.push({
          title: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
          lines: excerpt(last?.error?.message ?? last?.errors?.[0]?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // The top-level suites are the spec files, already named by each test's file and line.
  for (const suite of report.suites ?? []) visit(suite, []);
  return found;
}

/** Prints « Failed tests » with each stage's failures; nothing when every test passed. */
export function printFailedTests(byStage) {
  const stages = byStage.filter(({ failures }) => failures.length > 0);
  if (stages.length === 0) return;
  console.log('Failed tests:');
  for (const { label, failures } of stages) {
    for (const failure of failures) {
      console.log(`  [${label}] ${failure.title}`);
      for (const line of failure.lines) console.log(line);
    }
  }
  console.log('');
}
