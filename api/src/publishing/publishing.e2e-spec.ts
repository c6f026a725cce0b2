import { afterEach, describe, expect, it, jest } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../bootstrap.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';
import { SiteBuildState } from './entities/site-build-state.entity.js';
import { PublishWorker } from './publish-worker.js';
import { PublishingStatusService } from './publishing-status.service.js';
import { PublishingService } from './publishing.service.js';
import { SiteBuilderService, type BuildOutcome } from './site-builder.service.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Replaces the Astro build by a timed fake that records how many builds overlap. */
function fakeBuilds(apps: TestApp['app'][], durationMs: number, outcome: (n: number) => BuildOutcome) {
  const record = { calls: 0, running: 0, maxRunning: 0 };
  for (const app of apps) {
    jest.spyOn(app.get(SiteBuilderService), 'build').mockImplementation(async () => {
      const n = ++record.calls;
      record.running++;
      record.maxRunning = Math.max(record.maxRunning, record.running);
      await sleep(durationMs);
      record.running--;
      return outcome(n);
    });
  }
  return record;
}

const ok = (n: number): BuildOutcome => ({ ok: true, releaseId: `r${n}`, durationMs: 10 });

async function settle(apps: TestApp['app'][]) {
  for (let round = 0; round < 3; round++) for (const app of apps) await app.get(PublishWorker).idle();
}

describe('publishing queue', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    while (opened.length) await opened.pop()!.close();
  });
  const open = async () => {
    const t = await createTestApp({ env: { BUILD_SITE_ON_BOOT: 'true' } });
    opened.push(t);
    return t;
  };

  it('coalesces a burst of 20 changes into at most 2 builds and ends up built', async () => {
    const t = await open();
    const builds = fakeBuilds([t.app], 300, ok);
    const publishing = t.app.get(PublishingService);
    await publishing.notifyChange('article.published', 'Article « Premier » publié');
    await sleep(50); // the first build is running now
    await Promise.all(Array.from({ length: 19 }, (_, i) => publishing.notifyChange('product.updated', `Produit ${i} modifié`)));
    await settle([t.app]);
    expect(builds.calls).toBeLessThanOrEqual(2);
    expect(builds.calls).toBeGreaterThanOrEqual(1);
    const state = await t.dataSource.getRepository(SiteBuildState).findOneByOrFail({ id: 1 });
    expect(state.requested_seq).toBe(20);
    expect(state.built_seq).toBe(20);
    const status = await t.app.get(PublishingStatusService).status();
    expect(status).toMatchObject({ state: 'idle', pending_count: 0, last_error: null });
    expect(status.live_since).not.toBeNull();
  });

  it('remembers a failed build, keeps its error, and retries only after a new change', async () => {
    const t = await open();
    const builds = fakeBuilds([t.app], 20, (n) =>
      n === 1 ? { ok: false, error: 'astro build exited with 1: boom', durationMs: 5 } : ok(n),
    );
    const publishing = t.app.get(PublishingService);
    await publishing.notifyChange('article.updated', 'Article « A » modifié');
    await settle([t.app]);
    let status = await t.app.get(PublishingStatusService).status();
    expect(status.state).toBe('failed');
    expect(status.last_error).toContain('boom');
    expect(status.pending.map((p) => p.label)).toEqual(['Article « A » modifié']);

    t.app.get(PublishWorker).kick(); // nothing new: no retry loop on a broken build
    await settle([t.app]);
    expect(builds.calls).toBe(1);

    await publishing.notifyChange('site.rebuild', 'Reconstruction manuelle du site');
    await settle([t.app]);
    status = await t.app.get(PublishingStatusService).status();
    expect(builds.calls).toBe(2);
    expect(status).toMatchObject({ state: 'idle', last_error: null, pending_count: 0, live_release: 'r2' });
  });

  it('never builds in two processes at once when they share one database', async () => {
    const first = await open();
    const second = await createApp(first.config); // same database, its own worker and owner id
    await second.init();
    opened.push(second);
    const apps = [first.app, second];
    const builds = fakeBuilds(apps, 150, ok);
    for (let i = 0; i < 6; i++) {
      await apps[i % 2]!.get(PublishingService).notifyChange('product.updated', `Produit ${i}`);
      await sleep(60);
    }
    await settle(apps);
    await sleep(200);
    await settle(apps);
    expect(builds.maxRunning).toBe(1);
    const state = await first.dataSource.getRepository(SiteBuildState).findOneByOrFail({ id: 1 });
    expect(state.built_seq).toBe(state.requested_seq);
  });

  it('takes over the lock of a process that died while building', async () => {
    const t = await open();
    const builds = fakeBuilds([t.app], 10, ok);
    await t.app.get(PublishingService).notifyChange('article.published', 'Article publié');
    await t.app.get(PublishWorker).idle();
    const states = t.dataSource.getRepository(SiteBuildState);
    await states.update(
      { id: 1 },
      { lock_owner: 'dead-host:1:xyz', lock_expires_at: new Date(Date.now() + 60_000), state: 'building' },
    );
    await t.app.get(PublishingService).notifyChange('article.updated', 'Article modifié');
    await settle([t.app]);
    expect(builds.calls).toBe(1); // a live lock is respected
    expect((await t.app.get(PublishingStatusService).status()).state).toBe('building');

    await states.update({ id: 1 }, { lock_expires_at: new Date(Date.now() - 1000) });
    t.app.get(PublishWorker).kick();
    await settle([t.app]);
    expect(builds.calls).toBe(2);
    expect((await states.findOneByOrFail({ id: 1 })).built_seq).toBe(2);
  });

  it('lets another builder take over once a dead builder stops renewing its lease', async () => {
    // A short lease so that the test waits for the takeover itself, not for the 20 s default.
    const t = await createTestApp({ env: { BUILD_SITE_ON_BOOT: 'true', PUBLISH_LOCK_TTL_MS: '1500' } });
    opened.push(t);
    const builds = fakeBuilds([t.app], 10, ok);
    const states = t.dataSource.getRepository(SiteBuildState);
    await t.app.get(PublishingService).notifyChange('article.published', 'Article publié');
    await settle([t.app]);
    // What a builder killed in the middle of a build leaves: its lease, running out on its own.
    await states.update(
      { id: 1 },
      { lock_owner: 'dead-host:1:xyz', lock_expires_at: new Date(Date.now() + 1500), state: 'building' },
    );
    await t.app.get(PublishingService).notifyChange('article.updated', 'Article modifié');
    t.app.get(PublishWorker).start(); // the poller notices the expired lease without any kick
    // Until the build is recorded and its lease let go: the worker writes built_seq, then releases the
    // lock in a statement of its own (a loaded machine once read the state between the two).
    let state = await states.findOneByOrFail({ id: 1 });
    for (let i = 0; i < 1200 && (state.built_seq < 2 || state.lock_owner !== null); i++) {
      await sleep(100);
      state = await states.findOneByOrFail({ id: 1 });
    }
    expect(state.built_seq).toBe(2);
    expect(builds.calls).toBe(2);
    expect(state.lock_owner).toBeNull();
  });

  it('calls the deploy hook after a release goes live, retrying a failed call', async () => {
    const received: string[] = [];
    const hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(body);
        res.statusCode = received.length === 1 ? 502 : 204;
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    try {
      const port = (hook.address() as AddressInfo).port;
      const t = await createTestApp({
        env: { BUILD_SITE_ON_BOOT: 'true', SITE_DEPLOY_HOOK_URL: `http://127.0.0.1:${port}/purge` },
      });
      opened.push(t);
      fakeBuilds([t.app], 10, ok);
      await t.app.get(PublishingService).notifyChange('product.created', 'Produit ajouté');
      await settle([t.app]);
      for (let i = 0; i < 600 && received.length < 2; i++) await sleep(100); // up to 60 s under load
      expect(received).toHaveLength(2);
      expect(JSON.parse(received[1]!)).toMatchObject({ event: 'site.release.live', release: 'r1' });
    } finally {
      hook.close();
    }
  });
});
