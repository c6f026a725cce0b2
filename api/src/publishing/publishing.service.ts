import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PublishChange } from './entities/publish-change.entity.js';
import { SiteBuildState } from './entities/site-build-state.entity.js';
import { PublicAnswerCache } from './public-answer-cache.js';
import { PublishWorker } from './publish-worker.js';

/** What changed on the public site, e.g. `article.published`, `product.deleted`, `company.updated`. */
export type PublicChangeKind = `${'article' | 'product' | 'category' | 'brand' | 'currency' | 'company' | 'site'}.${string}`;

/**
 * The one entry point for "the public site must be rebuilt": modules call `notifyChange` after they
 * committed a change that alters what visitors see. Changes are recorded in the database (so every API
 * replica sees them) and coalesced into as few builds as possible by the worker.
 */
@Injectable()
export class PublishingService {
  private readonly logger = new Logger('Publishing');

  constructor(
    private readonly dataSource: DataSource,
    private readonly worker: PublishWorker,
    private readonly publicAnswers: PublicAnswerCache,
  ) {}

  async notifyChange(kind: PublicChangeKind, label: string): Promise<void> {
    // The public API answers change now, before the site is rebuilt.
    this.publicAnswers.invalidate();
    try {
      await this.dataSource.transaction(async (manager) => {
        const states = manager.getRepository(SiteBuildState);
        await ensureStateRow(manager.getRepository(SiteBuildState));
        await states.increment({ id: 1 }, 'requested_seq', 1);
        const { requested_seq } = await states.findOneByOrFail({ id: 1 });
        await manager.getRepository(PublishChange).insert({ seq: requested_seq, kind, label: label.slice(0, 255) });
      });
    } catch (error) {
      // The editor's change is already committed; a lost rebuild request must not turn it into an error.
      this.logger.error(`Could not queue a site rebuild for ${kind}: ${(error as Error).message}`);
      return;
    }
    this.worker.kick();
  }
}

export async function ensureStateRow(repo: import('typeorm').Repository<SiteBuildState>): Promise<void> {
  if (!(await repo.existsBy({ id: 1 }))) {
    await repo
      .createQueryBuilder()
      .insert()
      .values({ id: 1, requested_seq: 0, built_seq: 0, state: 'idle' })
      .orIgnore()
      .execute();
  }
}
