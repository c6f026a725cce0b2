import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type Repository, type SelectQueryBuilder } from 'typeorm';
import { isUniqueViolation } from '../common/unique-violation.js';
import { collectFieldErrors, type SubmittedForm } from '../common/forms.js';
import { containsPattern, pageByIds, pageOf, pageRequest, scopeCount, searchScope, whereScope } from '../common/listing.js';
import { runTransaction } from '../common/transactions.js';
import { explainUnappliedUpdate, withCurrentRecord } from '../common/versioning.js';
import type { EditorDocumentData, StaffArticle, StaffArticleDetail } from '../contract/backoffice.js';
import type { Paginated } from '../contract/staff.js';
import { invalidField, notFound, type FieldErrors } from '../core/errors/api-error.js';
import type { SubmittedImages } from '../media/image-fields.js';
import { discardImage, imageVariants, saveWithImages } from '../media/image-variants.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import type { CheckedImage } from '../media/upload-policy.js';
import { PublishingService } from '../publishing/publishing.service.js';
import type { ArticleFormDto, StaffArticleListQueryDto } from './dto/staff-article.dto.js';
import { Media } from '../media/entities/media.entity.js';
import {
  EditorContentError,
  prepareEditorDocumentOffThread,
  renderEditorDocument,
  renderEditorDocumentOffThread,
  type EditorBlock,
  type PreparedDocument,
} from './editorjs.js';
import { Article, type ArticleStatus } from './entities/article.entity.js';
import { firstFreeSlug, slugify } from '../shared/slug.js';
import { removeAudited, updateAudited } from '../audit/audited-writes.js';

export const ARTICLES_PAGE_SIZE = 8;

const NOT_FOUND = 'Article introuvable.';

/** The answer's message for a save, by the status the article was saved with (spec section 4). */
const CREATED_MESSAGES: Record<ArticleStatus, string> = {
  Publié: 'Article publié',
  Brouillon: 'Article enregistré en brouillon.',
  Corbeille: 'Article déplacé dans la corbeille.',
};

export function toStaffArticle(article: Article): StaffArticle {
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    content: article.content,
    image: article.image,
    image_variants: imageVariants(article.image),
    image_alt: article.image_alt,
    status: article.status,
    published_at: article.published_at ? article.published_at.toISOString() : null,
    created_at: article.created_at.toISOString(),
    updated_at: article.updated_at.toISOString(),
    version: article.version,
    user: article.user
      ? {
          id: article.user.id,
          firstname: article.user.firstname,
          name: article.user.name,
          image: article.user.image,
          profession: article.user.profession,
        }
      : null,
  };
}

function toDetail(article: Article): StaffArticleDetail {
  let contentJson: EditorDocumentData | null = null;
  if (article.content_json) {
    try {
      contentJson = JSON.parse(article.content_json) as EditorDocumentData;
    } catch {
      contentJson = null;
    }
  }
  return { ...toStaffArticle(article), content_json: contentJson };
}

interface ArticleInput {
  form: ArticleFormDto;
  document?: PreparedDocument;
  image?: CheckedImage;
}

/** The staff side of the blog: list, read, write (Editor.js → sanitised HTML), delete. */
@Injectable()
export class StaffArticlesService {
  constructor(
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly publishing: PublishingService,
  ) {}

  /** Articles with their author's public fields (never the e-mail or the password hash). */
  private withAuthor(): SelectQueryBuilder<Article> {
    return this.articles
      .createQueryBuilder('article')
      .leftJoin('article.user', 'user')
      .addSelect(['user.id', 'user.firstname', 'user.name', 'user.image', 'user.profession']);
  }

  async list(query: StaffArticleListQueryDto): Promise<Paginated<StaffArticle>> {
    const request = pageRequest(query, ARTICLES_PAGE_SIZE);
    // Ids on the base table (IDX_blog_articles_created / _status_created), then the page with its authors.
    const scope = await searchScope(this.articles.createQueryBuilder('article'), query.search);
    const ids = whereScope(this.articles.createQueryBuilder('article'), 'article', scope)
      .orderBy('article.created_at', 'DESC')
      .addOrderBy('article.id', 'DESC');
    if (query.status) ids.andWhere('article.status = :status', { status: query.status });
    const { rows, total, capped } = await pageByIds(
      ids,
      { skip: request.skip, take: request.perPage },
      (page) => this.withAuthor().where('article.id IN (:...page)', { page }).getMany(),
      scopeCount(scope),
    );
    return pageOf(rows.map(toStaffArticle), total, request, capped);
  }

  async latest(limit = 5): Promise<StaffArticle[]> {
    const rows = await this.withAuthor()
      .orderBy('article.created_at', 'DESC')
      .addOrderBy('article.id', 'DESC')
      .take(limit)
      .getMany();
    return rows.map(toStaffArticle);
  }

  async get(id: number): Promise<StaffArticleDetail> {
    return toDetail(await this.find(id));
  }

  private async find(id: number): Promise<Article> {
    const article = await this.withAuthor().where('article.id = :id', { id }).getOne();
    if (!article) throw notFound(NOT_FOUND);
    return article;
  }

  /**
   * Image blocks saved without their file's size (inserted before the editor kept it) get it from the
   * media library, so that the public page reserves their place (width/height) before they load.
   */
  private async withImageSizes(prepared: PreparedDocument): Promise<PreparedDocument> {
    type ImageBlock = Extract<EditorBlock, { type: 'image' }>;
    const unsized = prepared.document.blocks.filter(
      (b): b is ImageBlock => b.type === 'image' && !b.data.file.width && b.data.file.url.startsWith('/storage/'),
    );
    if (!unsized.length) return prepared;
    const paths = [...new Set(unsized.map((b) => b.data.file.url.slice('/storage/'.length)))];
    const rows = await this.dataSource
      .getRepository(Media)
      .find({ where: { path: In(paths) }, select: { path: true, width: true, height: true } });
    const sizes = new Map(rows.filter((m) => m.width && m.height).map((m) => [m.path, m]));
    let found = false;
    for (const block of unsized) {
      const media = sizes.get(block.data.file.url.slice('/storage/'.length));
      if (!media) continue;
      block.data.file = { url: block.data.file.url, width: media.width!, height: media.height! };
      found = true;
    }
    if (!found) return prepared;
    return { document: prepared.document, html: await renderEditorDocumentOffThread(prepared.document) };
  }

  /** Reads and checks the editor's form: fields, Editor.js document and cover image, all errors at once. */
  private async readForm(
    submitted: SubmittedForm<ArticleFormDto>,
    { images, errors: imageErrors }: SubmittedImages,
    imageRequired: boolean,
  ): Promise<ArticleInput> {
    const errors: FieldErrors = {};
    Object.assign(errors, imageErrors(imageRequired ? 'Une image est requise.' : undefined));
    const raw = submitted.fields.content;
    let document: PreparedDocument | undefined;
    if (typeof raw === 'string') {
      await collectFieldErrors(async () => {
        try {
          document = await this.withImageSizes(await prepareEditorDocumentOffThread(raw));
        } catch (error) {
          if (error instanceof EditorContentError) throw invalidField('content', error.message);
          throw error;
        }
      }, errors);
    }
    const form = submitted.valid(errors);
    return { form, document, image: images[0] };
  }

  async create(
    submitted: SubmittedForm<ArticleFormDto>,
    images: SubmittedImages,
    userId: number,
  ): Promise<{ message: string; blog: StaffArticleDetail }> {
    const { form, document, image } = await this.readForm(submitted, images, true);
    const status = form.status ?? 'Brouillon';
    const doc = document?.document ?? { blocks: [] };
    const html = document ? document.html : renderEditorDocument(doc);
    const id = await saveWithImages(this.storage, 'articles', image ? [image] : [], ([path]) =>
      this.insertWithUniqueSlug({
        title: form.title,
        content: html,
        content_json: JSON.stringify(doc),
        image: path ?? null,
        image_alt: form.image_alt || null,
        status,
        user_id: userId,
        published_at: status === 'Publié' ? new Date() : null,
      }),
    );
    if (status === 'Publié') await this.publishing.notifyChange('article.published', `Article « ${form.title} » publié`);
    return { message: CREATED_MESSAGES[status], blog: await this.get(id) };
  }

  /**
   * The slug is made once, from the title, unique by a -2, -3 … suffix. Two editors saving the same
   * title at the same instant both pick the same free slug: the unique index refuses the second,
   * which then picks again.
   */
  private async insertWithUniqueSlug(values: Partial<Article>): Promise<number> {
    const base = slugify(values.title!);
    for (let attempt = 0; ; attempt++) {
      try {
        return await runTransaction(this.dataSource, async (manager) => {
          const rows = await manager
            .getRepository(Article)
            .createQueryBuilder('article')
            .select('article.slug', 'slug')
            .where("(article.slug = :base OR article.slug LIKE :pattern ESCAPE '!')", {
              base,
              pattern: `${containsPattern(base).slice(1, -1)}-%`,
            })
            .getRawMany<{ slug: string }>();
          const taken = new Set(rows.map((r) => r.slug));
          const slug = firstFreeSlug(base, taken);
          const result = await manager.getRepository(Article).insert({ ...values, slug });
          return Number(result.identifiers[0]!.id);
        });
      } catch (error) {
        if (attempt < 5 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  async update(
    id: number,
    submitted: SubmittedForm<ArticleFormDto>,
    images: SubmittedImages,
    userId: number,
  ): Promise<{ message: string; blog: StaffArticleDetail }> {
    const existing = await this.find(id);
    const version = submitted.version();
    // The spec asks for an image on update too: an article that has none must get one now.
    const { form, document, image } = await this.readForm(submitted, images, !existing.image);
    const status = form.status ?? existing.status;
    const wasPublished = existing.status === 'Publié';
    const isPublished = status === 'Publié';

    await saveWithImages(this.storage, 'articles', image ? [image] : [], async ([path]) => {
      await runTransaction(this.dataSource, async (manager) => {
        const repo = manager.getRepository(Article);
        const current = await repo.findOneBy({ id });
        if (!current) throw notFound(NOT_FOUND);
        const changes: Partial<Article> = {
          title: form.title,
          status,
          image_alt: form.image_alt === undefined ? current.image_alt : form.image_alt || null,
        };
        if (document) {
          changes.content = document.html;
          changes.content_json = JSON.stringify(document.document);
        }
        if (path) changes.image = path;
        if (isPublished && !current.published_at) changes.published_at = new Date();
        changes.updated_by = userId;
        const result = await updateAudited(repo, id, changes, version);
        if (!result.affected) await explainUnappliedUpdate(repo, id, NOT_FOUND, 'cet article');
      });
    }).catch(withCurrentRecord(() => this.get(id)));
    if (image && existing.image) await discardImage(this.storage, existing.image);

    if (isPublished) {
      await this.publishing.notifyChange(
        wasPublished ? 'article.updated' : 'article.published',
        wasPublished ? `Article « ${form.title} » mis à jour` : `Article « ${form.title} » publié`,
      );
    } else if (wasPublished) {
      await this.publishing.notifyChange('article.unpublished', `Article « ${form.title} » retiré du site`);
    }
    return { message: 'Article mis à jour.', blog: await this.get(id) };
  }

  async delete(id: number): Promise<void> {
    const article = await this.articles.findOneBy({ id });
    if (!article) throw notFound(NOT_FOUND);
    const result = await removeAudited(this.articles, id);
    if (!result.affected) throw notFound(NOT_FOUND);
    await discardImage(this.storage, article.image);
    if (article.status === 'Publié') {
      await this.publishing.notifyChange('article.deleted', `Article « ${article.title} » supprimé`);
    }
  }
}
