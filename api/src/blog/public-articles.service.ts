import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { pageByIds, pageOf, pageRequest, whereSearch } from '../common/listing.js';
import type { Paginated } from '../contract/staff.js';
import type { PublicArticle, PublicAuthor } from '../contract/public.js';
import { notFound } from '../core/errors/api-error.js';
import { imageVariants } from '../media/image-variants.js';
import { Article } from './entities/article.entity.js';

/** Without `per_page`, the list answers up to 100 articles: the old client read the whole list at once. */
export const PUBLIC_ARTICLES_DEFAULT_PER_PAGE = 100;
export const OTHER_ARTICLES_DEFAULT = 3;
export const ARTICLE_NOT_FOUND = 'Article introuvable.';

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

export function toPublicAuthor(user: Article['user']): PublicAuthor | null {
  if (!user) return null;
  return {
    id: user.id,
    firstname: user.firstname,
    name: user.name,
    image: user.image,
    image_variants: imageVariants(user.image),
    profession: user.profession,
  };
}

/** What the public site may know of an article: published content and the author's public card. */
export function toPublicArticle(article: Article): PublicArticle {
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    content: article.content,
    image: article.image,
    image_variants: imageVariants(article.image),
    image_alt: article.image_alt,
    status: 'Publié',
    created_at: iso(article.created_at)!,
    updated_at: iso(article.updated_at)!,
    published_at: iso(article.published_at),
    user: toPublicAuthor(article.user ?? null),
  };
}

/** Published articles only ("Brouillon" and "Corbeille" never leave the back-office). */
@Injectable()
export class PublicArticlesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private published(): SelectQueryBuilder<Article> {
    return this.dataSource
      .getRepository(Article)
      .createQueryBuilder('article')
      .leftJoin('article.user', 'user')
      .select([
        'article.id',
        'article.title',
        'article.slug',
        'article.content',
        'article.image',
        'article.image_alt',
        'article.status',
        'article.published_at',
        'article.created_at',
        'article.updated_at',
        'user.id',
        'user.firstname',
        'user.name',
        'user.image',
        'user.profession',
      ])
      .where('article.status = :status', { status: 'Publié' });
  }

  /**
   * Newest first: by publication date, then id (published_at is set on every published article; the
   * migration that added this order filled it for older ones). Served by IDX_blog_articles_status_published.
   */
  private newestFirst<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>): SelectQueryBuilder<E> {
    return qb.orderBy('article.published_at', 'DESC').addOrderBy('article.id', 'DESC');
  }

  async list(query: { page?: number; per_page?: number; search?: string }): Promise<Paginated<PublicArticle>> {
    const request = pageRequest(query, PUBLIC_ARTICLES_DEFAULT_PER_PAGE);
    const ids = this.newestFirst(
      whereSearch(
        this.dataSource
          .getRepository(Article)
          .createQueryBuilder('article')
          .where('article.status = :status', { status: 'Publié' }),
        'article',
        query.search,
      ),
    );
    const { rows, total } = await pageByIds(ids, { skip: request.skip, take: request.perPage }, (page) =>
      this.published().andWhere('article.id IN (:...page)', { page }).getMany(),
    );
    return pageOf(rows.map(toPublicArticle), total, request);
  }

  /** These published articles (any order; missing or unpublished ids are left out), for the site build. */
  async byIds(ids: number[]): Promise<PublicArticle[]> {
    if (!ids.length) return [];
    const rows = await this.published().andWhere('article.id IN (:...ids)', { ids }).getMany();
    return rows.map(toPublicArticle);
  }

  /** A few other published articles, newest first (the "latest articles" blocks). */
  async others(id: number, limit = OTHER_ARTICLES_DEFAULT): Promise<PublicArticle[]> {
    const rows = await this.newestFirst(this.published().andWhere('article.id <> :id', { id })).limit(limit).getMany();
    return rows.map(toPublicArticle);
  }

  async bySlug(slug: string): Promise<PublicArticle> {
    if (!slug || slug.length > 280) throw notFound(ARTICLE_NOT_FOUND);
    const article = await this.published().andWhere('article.slug = :slug', { slug }).getOne();
    if (!article) throw notFound(ARTICLE_NOT_FOUND);
    return toPublicArticle(article);
  }
}
