import { afterEach, describe, expect, it, jest } from '@jest/globals';
import fs from 'node:fs';
import request from 'supertest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';
import { PublishChange } from '../publishing/entities/publish-change.entity.js';
import { SiteBuildState } from '../publishing/entities/site-build-state.entity.js';
import { PublishWorker } from '../publishing/publish-worker.js';
import { PublishingService } from '../publishing/publishing.service.js';
import { SiteBuilderService, type BuildOutcome } from '../publishing/site-builder.service.js';

const TOKEN = 'metrics-token-for-the-tests';
const RULES_FILE = new URL('../../../deploy/prometheus/comptoir-alerts.yaml', import.meta.url);
const THREE_MINUTES_AGO = () => new Date(Date.now() - 180_000);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, samples only. */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name, labels, value: Number(value) };
    });
}

/** The one sample of `name` whose labels include `labels`, or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

/**
 * The metric names a PromQL expression selects: what remains once strings, label matchers, ranges and
 * label lists are removed, minus functions (followed by a parenthesis) and operators' keywords.
 */
function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const keywords = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);
  return [...stripped.matchAll(/\b[a-zA-Z_:][\w:]*\b(?!\s*\()/g)].map((m) => m[0]).filter((word) => !keywords.has(word));
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string };
}

const rules = (): Rule[] =>
  (parse(fs.readFileSync(RULES_FILE, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

describe('publishing metrics', () => {
  const opened: TestApp[] = [];
  afterEach(async () => {
    jest.restoreAllMocks();
    while (opened.length) await opened.pop()!.close();
  });
  const open = async (env: Record<string, string> = {}) => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, ...env } });
    opened.push(t);
    return t;
  };
  const scrape = async (t: TestApp) =>
    (await request(t.http).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

  it('shows a queue that no builder serves, and its age past the alert threshold', async () => {
    const t = await open(); // SITE_BUILDER=false: nothing in this process will build
    let text = await scrape(t);
    expect(valueOf(text, 'comptoir_site_builder')).toBe(0);
    expect(valueOf(text, 'comptoir_ready')).toBe(1);
    expect(valueOf(text, 'comptoir_publish_pending_changes')).toBe(0);
    expect(valueOf(text, 'comptoir_publish_oldest_pending_age_seconds')).toBe(0);
    expect(valueOf(text, 'comptoir_publish_state', { state: 'idle' })).toBe(1);
    expect(valueOf(text, 'comptoir_publish_lock_age_seconds')).toBe(0);
    expect(valueOf(text, 'comptoir_site_last_success_timestamp_seconds')).toBe(0);

    const publishing = t.app.get(PublishingService);
    await publishing.notifyChange('article.published', 'Article « A » publié');
    await publishing.notifyChange('product.updated', 'Produit « B » modifié');
    text = await scrape(t);
    expect(valueOf(text, 'comptoir_publish_pending_changes')).toBe(2);
    expect(valueOf(text, 'comptoir_publish_state', { state: 'queued' })).toBe(1);
    expect(valueOf(text, 'comptoir_publish_state', { state: 'idle' })).toBe(0);

    // Three minutes of waiting, without waiting: the first change is dated back.
    const changes = t.dataSource.getRepository(PublishChange);
    const first = await changes.findOneOrFail({ where: {}, order: { id: 'ASC' } });
    await changes.update({ id: first.id }, { created_at: THREE_MINUTES_AGO() });
    text = await scrape(t);
    const age = valueOf(text, 'comptoir_publish_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(180);
    const stalled = rules().find((r) => r.alert === 'ComptoirPublishingStalled')!;
    const threshold = Number(/comptoir_publish_oldest_pending_age_seconds\)\s*>\s*(\d+)/.exec(stalled.expr)![1]);
    expect(threshold).toBe(120);
    expect(age).toBeGreaterThan(threshold);
  });

  it('follows a build: lock holder and age while it runs, then the last success and the failures', async () => {
    const t = await open({ BUILD_SITE_ON_BOOT: 'true' });
    const worker = t.app.get(PublishWorker);
    let started!: () => void;
    const buildStarted = new Promise<void>((resolve) => (started = resolve));
    let finish!: (outcome: BuildOutcome) => void;
    const build = jest.spyOn(t.app.get(SiteBuilderService), 'build').mockImplementationOnce(() => {
      started();
      return new Promise((resolve) => (finish = resolve));
    });

    let text = await scrape(t);
    expect(valueOf(text, 'comptoir_site_builder')).toBe(1);
    expect(valueOf(text, 'comptoir_site_build_timeout_seconds')).toBe(t.config.siteBuildTimeoutMs / 1000);
    expect(valueOf(text, 'comptoir_site_builds_total', { result: 'failure' })).toBe(0);

    await t.app.get(PublishingService).notifyChange('article.published', 'Article « A » publié');
    await buildStarted;
    text = await scrape(t);
    expect(valueOf(text, 'comptoir_publish_state', { state: 'building' })).toBe(1);
    expect(valueOf(text, 'comptoir_publish_lock_holder', { holder: worker.owner })).toBe(1);
    expect(valueOf(text, 'comptoir_publish_pending_changes')).toBe(1);

    const states = t.dataSource.getRepository(SiteBuildState);
    await states.update({ id: 1 }, { building_since: THREE_MINUTES_AGO() });
    text = await scrape(t);
    expect(valueOf(text, 'comptoir_publish_lock_age_seconds')).toBeGreaterThanOrEqual(180);

    finish({ ok: true, releaseId: 'r1', durationMs: 10 });
    await worker.idle();
    text = await scrape(t);
    const { live_since } = await states.findOneByOrFail({ id: 1 });
    expect(valueOf(text, 'comptoir_site_last_success_timestamp_seconds')).toBe(live_since!.getTime() / 1000);
    expect(valueOf(text, 'comptoir_publish_pending_changes')).toBe(0);
    expect(valueOf(text, 'comptoir_publish_oldest_pending_age_seconds')).toBe(0);
    expect(valueOf(text, 'comptoir_publish_state', { state: 'idle' })).toBe(1);
    expect(valueOf(text, 'comptoir_publish_lock_age_seconds')).toBe(0);
    expect(samples(text).filter((s) => s.name === 'comptoir_publish_lock_holder')).toEqual([]);
    expect(valueOf(text, 'comptoir_site_builds_total', { result: 'success' })).toBe(1);

    build.mockResolvedValueOnce({ ok: false, error: 'astro build exited with 1: boom', durationMs: 5 });
    await t.app.get(PublishingService).notifyChange('product.updated', 'Produit « B » modifié');
    await worker.idle();
    text = await scrape(t);
    expect(valueOf(text, 'comptoir_publish_state', { state: 'failed' })).toBe(1);
    expect(valueOf(text, 'comptoir_publish_pending_changes')).toBe(1);
    expect(valueOf(text, 'comptoir_site_builds_total', { result: 'failure' })).toBe(1);
    expect(valueOf(text, 'comptoir_site_last_success_timestamp_seconds')).toBe(live_since!.getTime() / 1000);
  });

  it('has alert rules whose every metric is one the API exports', async () => {
    const all = rules();
    expect(new Set(all.map((r) => r.alert)).size).toBe(all.length);
    for (const rule of all) {
      expect(rule).toMatchObject({ alert: expect.stringMatching(/^Comptoir\w+$/), expr: expect.any(String) });
      expect(['warning', 'critical']).toContain(rule.labels.severity);
      expect(rule.annotations.summary).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
    }
    // What the brief of the rules asks them to cover.
    expect(all.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'ComptoirPublishingStalled',
        'ComptoirPublishLockHeldTooLong',
        'ComptoirReplicaDown',
        'ComptoirReplicaNotReady',
      ]),
    );

    const t = await open({ BUILD_SITE_ON_BOOT: 'true' });
    const text = await scrape(t);
    const exported = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    // `up` is written by Prometheus itself for every target it scrapes.
    const fromPrometheus = new Set(['up']);
    const used = [...new Set(all.flatMap((r) => metricNames(r.expr)))];
    expect(used).toEqual(
      expect.arrayContaining(['comptoir_publish_oldest_pending_age_seconds', 'comptoir_publish_lock_age_seconds', 'up']),
    );
    expect(used.filter((name) => !exported.has(name) && !fromPrometheus.has(name))).toEqual([]);
  });
});
