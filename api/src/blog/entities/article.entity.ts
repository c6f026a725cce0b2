import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
  type Relation,
} from 'typeorm';
import { LongTextColumn } from '../../core/database/column-types.js';
import { User } from '../../admins/entities/user.entity.js';
import { SearchTextColumn } from '../../common/search-text.js';

export const ARTICLE_STATUSES = ['Brouillon', 'Publié', 'Corbeille'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

@Entity('blog_articles')
@Index('IDX_blog_articles_status_created', ['status', 'created_at'])
@Index('IDX_blog_articles_created', ['created_at'])
// The public list: published articles, newest publication first.
@Index('IDX_blog_articles_status_published', ['status', 'published_at'])
// The administrators' list counts each one's articles, and the articles' list filters by author.
@Index('IDX_blog_articles_user', ['user_id'])
export class Article {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised title for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['title'])
  search_text?: string;

  @Index('IDX_blog_articles_title')
  @Column({ type: 'varchar', length: 255 })
  title: string;

  /** Public address part: /article/{slug}. Lowercase, accents removed, non-alphanumerics as dashes. */
  @Column({ type: 'varchar', length: 280, unique: true })
  slug: string;

  /** Sanitised HTML rendering of the article, what the public site shows. */
  @LongTextColumn()
  content: string;

  /** The Editor.js document the HTML was rendered from, so the editor reopens it losslessly. */
  @LongTextColumn({ nullable: true })
  content_json: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  image: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  image_alt: string | null;

  @Column({ type: 'varchar', length: 20, default: 'Brouillon' })
  status: ArticleStatus;

  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @ManyToOne(() => User, (user) => user.articles, { nullable: true, onDelete: 'SET NULL', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User> | null;

  /** First time the article went to "Publié"; kept when it is later edited. */
  @Index('IDX_blog_articles_published_at')
  @Column({ type: 'datetime', nullable: true })
  published_at: Date | null;

  /** Optimistic concurrency (common/versioning.ts): 1 on insert, +1 on every save. */
  @VersionColumn({ default: 1 })
  version: number;

  /** Who saved last: a staff member's id, without a foreign key so that it outlives them. */
  @Column({ type: 'int', nullable: true })
  updated_by: number | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @Index('IDX_blog_articles_updated_at')
  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
