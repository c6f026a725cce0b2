import { useState } from 'react';
import type { ArticleCardData } from '../../lib/articles';
import { frenchTypography } from '../../lib/format';

/**
 * An article card (image 215 px high, title, excerpt, author, date), linking to /article/{slug}.
 * `firstInView`: the card's cover is on the first screen (the blog's first card on a phone, where it is
 * the largest image): asked for with the page, not once laid out as a lazy image would be.
 */
export function ArticleCard({
  card,
  headingLevel = 3,
  firstInView = false,
}: {
  card: ArticleCardData;
  headingLevel?: 2 | 3;
  firstInView?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The resized copy first; the original if the copy cannot be loaded.
  const [src, setSrc] = useState(card.thumb ?? card.image);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white shadow-card transition-transform duration-300 focus-within:scale-[1.02] hover:scale-[1.02]">
      <div className="h-[215px] overflow-hidden bg-brand-50">
        <img
          src={src ?? '/images/og-default.jpg'}
          alt={card.image ? card.imageAlt : ''}
          onError={() => card.image && src !== card.image && setSrc(card.image)}
          width={400}
          height={215}
          loading={firstInView ? 'eager' : 'lazy'}
          fetchPriority={firstInView ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-2">
        <Heading className="text-lg font-bold text-brand-900">
          <a href={`/article/${card.slug}`} className="after:absolute after:inset-0 hover:underline">
            {frenchTypography(card.title)}
          </a>
        </Heading>
        <p className="mt-1 flex-1 text-ink-muted">{card.excerpt}</p>
        <div className="mt-2 flex items-center gap-1 text-sm text-ink-muted">
          <img src={card.avatar} alt="" width={32} height={32} loading="lazy" className="h-4 w-4 rounded-full object-cover" />
          <span>{card.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={card.dateIso}>{card.date}</time>
        </div>
      </div>
    </article>
  );
}
