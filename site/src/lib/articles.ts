import type { PublicArticle } from '@comptoir/api/contract';
import { authorAvatar, authorName, formatDate, isoDate, storageUrl } from './format';

/** What an article card shows; computed once so islands receive small props. */
export interface ArticleCardData {
  id: number;
  slug: string;
  title: string;
  /** The cover as uploaded (fallback). */
  image: string | null;
  /** Its 400 px wide WebP copy, when one exists. */
  thumb: string | null;
  imageAlt: string;
  excerpt: string;
  author: string;
  avatar: string;
  date: string;
  dateIso: string;
}

/** Blog listing excerpts: 120 characters; home cards: 100 (spec section 9). */
export const BLOG_EXCERPT = 120;
export const HOME_EXCERPT = 100;
export const BLOG_PAGE_SIZE = 9;

/** The excerpt maker: lib/html-text's at build time, islands/lib/excerpt's in the browser (no entity table shipped). */
export type Excerpt = (html: string, max: number) => string;

export function toCard(article: PublicArticle, excerptLength: number, excerpt: Excerpt, withVariants = true): ArticleCardData {
  const date = article.published_at ?? article.created_at;
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    image: storageUrl(article.image),
    thumb: withVariants ? storageUrl(article.image_variants?.['400']) : null,
    imageAlt: article.image_alt ?? '',
    excerpt: excerpt(article.content, excerptLength),
    author: authorName(article.user),
    avatar: authorAvatar(article.user),
    date: formatDate(date),
    dateIso: isoDate(date),
  };
}
