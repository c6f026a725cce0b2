import type { APIRoute } from 'astro';
import { escapeUTF8 } from 'entities';
import { allArticles } from '../lib/api';
import { absoluteUrl, company } from '../lib/company';
import { storageUrl } from '../lib/format';
import { excerpt } from '../lib/html-text';

/** XML text and attribute values: `& < > " '` escaped by the `entities` package. */
const escape = (text: string) => escapeUTF8(text);

/** RSS 2.0 feed of the published articles, newest first. */
export const GET: APIRoute = async () => {
  const articles = (await allArticles()).slice(0, 50);
  const items = articles
    .map((article) => {
      const url = absoluteUrl(`/article/${article.slug}`);
      const date = new Date(article.published_at ?? article.created_at).toUTCString();
      const image = storageUrl(article.image);
      const author = article.user ? `${article.user.firstname} ${article.user.name}`.trim() : '';
      return `    <item>
      <title>${escape(article.title)}</title>
      <link>${escape(url)}</link>
      <guid isPermaLink="true">${escape(url)}</guid>
      <pubDate>${date}</pubDate>
      ${author ? `<dc:creator>${escape(author)}</dc:creator>` : ''}
      <description>${escape(excerpt(article.content, 300))}</description>
      ${image ? `<enclosure url="${escape(absoluteUrl(image))}" type="${/\.png$/i.test(image) ? 'image/png' : /\.jpe?g$/i.test(image) ? 'image/jpeg' : 'image/webp'}" length="0" />` : ''}
    </item>`;
    })
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escape(`Actualités de ${company.name}`)}</title>
    <link>${escape(absoluteUrl('/blog'))}</link>
    <atom:link href="${escape(absoluteUrl('/rss.xml'))}" rel="self" type="application/rss+xml" />
    <description>${escape(`Les actualités de ${company.name} : équipements industriels, chantiers et conseils.`)}</description>
    <language>fr-FR</language>
${articles.length ? `    <lastBuildDate>${new Date(articles[0]!.published_at ?? articles[0]!.created_at).toUTCString()}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
