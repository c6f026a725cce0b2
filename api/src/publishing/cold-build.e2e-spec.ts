import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Article } from '../blog/entities/article.entity.js';
import { createApp } from '../bootstrap.js';
import type { AppConfig } from '../core/config/config.js';
import { PublishWorker } from './publish-worker.js';
import { PublishingService } from './publishing.service.js';
import { SiteBuilderService } from './site-builder.service.js';
import type { ReleaseMeta } from './site-releases.js';

/** Resolves once `check` holds (polled); the bound only stops a broken build from hanging the run. */
async function until(what: string, check: () => boolean | Promise<boolean>, boundMs = 300_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Real Astro builds of the demo site: the incremental build state survives a
 * restart, and an edit made while every page is rendered again goes live before that build ends.
 */
describe(`site builds across restarts and cold builds (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const others: NestExpressApplication[] = [];

  /** Another process on the same data and site folder: nothing of the first one's memory. */
  async function openProcess(config: AppConfig): Promise<NestExpressApplication> {
    const app = await createApp(config);
    others.push(app);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    app.get(SiteBuilderService).setApiOrigin(`http://127.0.0.1:${port}`);
    return app;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { BUILD_SITE_ON_BOOT: 'true', SITE_URL: 'http://localhost:3999' } });
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.http.address() as AddressInfo;
    t.app.get(SiteBuilderService).setApiOrigin(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await t?.close();
  });

  const pageOf = async (app: NestExpressApplication, slug: string) =>
    (await request(app.getHttpServer()).get(`/article/${slug}`)).text;

  it('a restart with an unchanged site builds nothing, and the publish after it renders only what changed', async () => {
    const first = await t.app.get(SiteBuilderService).build();
    expect(first).toMatchObject({ ok: true });
    expect(first.pages!.rendered).toBeGreaterThan(20);

    const restarted = await openProcess(t.config);
    const builder = restarted.get(SiteBuilderService);
    expect(builder.needsBuild()).toBe(false);

    const articles = t.dataSource.getRepository(Article);
    const article = await articles.findOneByOrFail({ status: 'Publié' });
    await articles.save({ ...article, title: 'Titre revu après un redémarrage' });
    const after = await builder.build();
    expect(after).toMatchObject({ ok: true });
    // The article, and the pages that list it (home, the blog and its pager pages, feed...): not the
    // whole site again, most of it restored from the state the first process left.
    expect(after.pages!.rendered).toBeGreaterThan(0);
    expect(after.pages!.rendered).toBeLessThan(first.pages!.rendered / 2);
    expect(after.pages!.restored).toBeGreaterThan(after.pages!.rendered);
    expect(await pageOf(restarted, article.slug)).toContain('Titre revu après un redémarrage');
  }, 600_000);

  it('an edit made during a cold build goes live before that build ends, and the build after it keeps it', async () => {
    // Another company name: every page shows it, so the cached pages are thrown away (a cold build).
    const cold = await openProcess({ ...t.config, company: { ...t.config.company, name: 'Comptoir Nouveau Nom' } });
    const builder = cold.get(SiteBuilderService);
    expect(builder.needsBuild()).toBe(true);
    const switched: { meta: ReleaseMeta | null; duringColdBuild: boolean; page: string }[] = [];
    const articles = t.dataSource.getRepository(Article);
    const article = await articles.findOneByOrFail({ status: 'Publié' });
    const switchTo = builder.releases.switchTo.bind(builder.releases);
    jest.spyOn(builder.releases, 'switchTo').mockImplementation((dir: string) => {
      switchTo(dir);
      const file = path.join(dir, 'article', `${article.slug}.html`);
      switched.push({
        meta: builder.releases.readMeta(dir),
        duringColdBuild: builder.isColdBuilding(),
        page: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '',
      });
    });

    await cold.get(PublishingService).notifyChange('site.boot', 'Mise à jour du site');
    await until('the cold build', () => builder.isColdBuilding());
    // Saved once the cold build has read its data, or the build itself would carry the edit.
    await builder.coldBuildDataRead();
    await articles.save({ ...article, title: 'Publié pendant la reconstruction' });
    await cold.get(PublishingService).notifyChange('article.updated', 'Article modifié');
    await until('the edit live', async () => (await pageOf(cold, article.slug)).includes('Publié pendant la reconstruction'));

    await cold.get(PublishWorker).idle();
    // First the edit over the old release, while the cold build was still running (paused); then a
    // complete release with the edit. The cold build's own release, without the edit, never went live.
    expect(switched.map((s) => ({ partial: s.meta?.partial ?? false, duringColdBuild: s.duringColdBuild }))).toEqual([
      { partial: true, duringColdBuild: true },
      { partial: false, duringColdBuild: false },
    ]);
    for (const release of switched) expect(release.page).toContain('Publié pendant la reconstruction');
    expect(switched[1]!.page).toContain('Comptoir Nouveau Nom');
    expect(await pageOf(cold, article.slug)).toContain('Comptoir Nouveau Nom');
    expect(builder.needsBuild()).toBe(false);
  }, 600_000);
});
