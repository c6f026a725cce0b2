/** The article's public address on this site. */
export function articleUrl(slug: string): string {
  return `${window.location.origin}/article/${slug}`;
}
