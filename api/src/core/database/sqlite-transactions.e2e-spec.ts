import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/support/test-app.js';
import { NewsletterSubscriber } from '../../newsletter/entities/newsletter-subscriber.entity.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// On both drivers a rolled-back transaction must take nothing of a concurrent request with it.
describe(`concurrent transactions (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a concurrent plain write when an open transaction rolls back', async () => {
    const repo = t.dataSource.getRepository(NewsletterSubscriber);
    const failing = t.dataSource.transaction(async (manager) => {
      await manager.getRepository(NewsletterSubscriber).insert({ email: 'rollback@client.example' });
      await sleep(100); // another request writes meanwhile
      throw new Error('business rule refused');
    });
    await sleep(10);
    await repo.insert({ email: 'kept@client.example' });
    await expect(failing).rejects.toThrow('business rule refused');
    const emails = (await repo.find()).map((s) => s.email).sort();
    expect(emails).toEqual(['kept@client.example']);
  });

  it('runs concurrent transactions without mixing them', async () => {
    const repo = t.dataSource.getRepository(NewsletterSubscriber);
    await repo.clear();
    await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        t.dataSource.transaction(async (manager) => {
          await manager.getRepository(NewsletterSubscriber).insert({ email: `c${i}@client.example` });
          await sleep(5);
          if (i % 2) throw new Error('odd ones roll back');
        }),
      ),
    );
    const emails = (await repo.find()).map((s) => s.email).sort();
    expect(emails).toEqual([
      'c0@client.example',
      'c2@client.example',
      'c4@client.example',
      'c6@client.example',
      'c8@client.example',
    ]);
  });
});
