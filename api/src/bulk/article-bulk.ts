import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { StaffArticleListQueryDto } from '../blog/dto/staff-article.dto.js';
import { Article, type ArticleStatus } from '../blog/entities/article.entity.js';
import { StaffArticlesService } from '../blog/staff-articles.service.js';
import type { SubmittedForm } from '../common/forms.js';
import { runTransaction } from '../common/transactions.js';
import type { BulkAnswer } from '../contract/bulk.js';
import { can, type StaffPrincipal } from '../core/access/permissions.js';
import { PublishingService } from '../publishing/publishing.service.js';
import type { ArticleBulkDto } from './article-bulk.dto.js';
import {
  BULK_UNDO_SECONDS,
  bulkAnswer,
  bulkDelete,
  chunks,
  eachRow,
  recordOperation,
  recordUndo,
  selectedIds,
  selectionErrors,
  undoableOperation,
  type RowChange,
} from './bulk-operation.js';
import { CHANGED_SINCE } from './product-bulk.js';

interface ArticleRow {
  id: number;
  label: string;
  status: ArticleStatus;
  published_at: Date | null;
  image: string | null;
  version: number;
}

const TARGET: Record<'publish' | 'unpublish' | 'trash', ArticleStatus> = {
  publish: 'Publié',
  unpublish: 'Brouillon',
  trash: 'Corbeille',
};

/**
 * Bulk actions on articles: publish, back to draft, to the bin (undoable), delete (StaffArticlesService.delete,
 * as one). The route's policy is blog.edit; a deletion needs blog.delete on each row, as DELETE
 * /api/blog/{id} does. Publishing keeps the editor's rules: the first publication stamps
 * published_at, and an article without a cover image is refused (the editor asks for one on any save).
 */
@Injectable()
export class ArticleBulk {
  constructor(
    private readonly dataSource: DataSource,
    private readonly articles: StaffArticlesService,
    private readonly audit: AuditService,
    private readonly publishing: PublishingService,
  ) {}

  async apply(
    principal: StaffPrincipal,
    submitted: SubmittedForm<ArticleBulkDto>,
    filter: StaffArticleListQueryDto,
  ): Promise<BulkAnswer> {
    const form = submitted.valid(selectionErrors(submitted.fields));
    const ids = await selectedIds(form, (page, per_page) => this.articles.list({ ...filter, page, per_page }));
    const right = form.action === 'delete' ? 'delete' : 'edit';
    const denied = can(principal, 'blog', right)
      ? null
      : right === 'delete'
        ? 'Vous n’avez pas le droit de supprimer des articles.'
        : 'Vous n’avez pas le droit de modifier des articles.';

    if (form.action === 'delete')
      return bulkDelete({
        audit: this.audit,
        manager: this.dataSource.manager,
        entity: 'article',
        noun: 'article(s)',
        ids,
        rows: await this.rows(this.dataSource.manager, ids),
        denied,
        remove: (row) => this.articles.delete(row.id),
        before: (row) => ({ title: row.label, status: row.status }),
      });

    const status = TARGET[form.action];
    const result = await runTransaction(this.dataSource, async (manager) => {
      const rows = await this.rows(manager, ids);
      const outcome = await eachRow(ids, rows, async (row) => {
        if (denied) return denied;
        if (row.status === status) return null;
        if (status === 'Publié' && !row.image)
          return 'Pas d’image de couverture : ajoutez-en une dans l’article avant de le publier.';
        return this.write(
          manager,
          row,
          { status, published_at: row.published_at ?? (status === 'Publié' ? new Date() : null) },
          principal.userId,
        );
      });
      const label = `${outcome.done.length} article(s) : ${status}`;
      const operationId = outcome.done.length
        ? await recordOperation(this.audit, manager, 'article', label, { action: form.action, undoable: true }, outcome.done)
        : null;
      return { outcome, operationId };
    });
    await this.notify(result.outcome.done.map((d) => d.change));
    return bulkAnswer(result.outcome, result.operationId, new Date(Date.now() + BULK_UNDO_SECONDS * 1000));
  }

  /** « Annuler »: each article back to its status (and first publication date), unless it changed since. */
  async undo(principal: StaffPrincipal, operationId: number): Promise<BulkAnswer> {
    const outcome = await runTransaction(this.dataSource, async (manager) => {
      const operation = await undoableOperation(manager, 'article', operationId, principal.userId, BULK_UNDO_SECONDS);
      const recorded = new Map(operation.rows.map((row) => [row.id, row]));
      const ids = operation.rows.map((row) => row.id);
      const result = await eachRow(ids, await this.rows(manager, ids), async (row) => {
        const { before, after } = recorded.get(row.id)!;
        if (row.version !== after.version) return CHANGED_SINCE;
        const publishedAt = before.published_at ? new Date(before.published_at as string) : null;
        return this.write(manager, row, { status: before.status as ArticleStatus, published_at: publishedAt }, principal.userId);
      });
      await recordUndo(
        this.audit,
        manager,
        'article',
        operationId,
        `Annulation : ${result.done.length} article(s) rétabli(s)`,
        result.done,
      );
      return result;
    });
    await this.notify(outcome.done.map((d) => d.change));
    return bulkAnswer(outcome, null, null, 'rétabli');
  }

  /** The public site changes when an article enters or leaves "Publié". */
  private async notify(changes: RowChange[]): Promise<void> {
    const published = changes.filter((c) => c.after?.status === 'Publié').length;
    const withdrawn = changes.filter((c) => c.before.status === 'Publié' && c.after?.status !== 'Publié').length;
    if (published) await this.publishing.notifyChange('article.published', `${published} article(s) publié(s) (action groupée)`);
    if (withdrawn)
      await this.publishing.notifyChange('article.unpublished', `${withdrawn} article(s) retiré(s) du site (action groupée)`);
  }

  private async write(
    manager: EntityManager,
    row: ArticleRow,
    values: { status: ArticleStatus; published_at: Date | null },
    userId: number,
  ): Promise<RowChange | string> {
    const result = await manager
      .createQueryBuilder()
      .update(Article)
      .set({ ...values, updated_by: userId })
      .where('id = :id AND version = :version', { id: row.id, version: row.version })
      .execute();
    if (!result.affected) return CHANGED_SINCE;
    return {
      before: { status: row.status, published_at: row.published_at?.toISOString() ?? null, version: row.version },
      after: { status: values.status, published_at: values.published_at?.toISOString() ?? null, version: row.version + 1 },
    };
  }

  private async rows(manager: EntityManager, ids: number[]): Promise<ArticleRow[]> {
    const rows: ArticleRow[] = [];
    for (const part of chunks(ids)) {
      const found = await manager.getRepository(Article).find({
        select: { id: true, title: true, status: true, published_at: true, image: true, version: true },
        where: { id: In(part) },
      });
      for (const a of found) {
        rows.push({
          id: a.id,
          label: a.title,
          status: a.status,
          published_at: a.published_at ? new Date(a.published_at) : null,
          image: a.image,
          version: a.version,
        });
      }
    }
    return rows;
  }
}
