/**
 * The tokens under which the blog and the catalogue provide their public readers to the site build
 * (`{ provide: SITE_ARTICLES, useExisting: PublicArticlesService }`): publishing stands below them, so
 * it names their services by type only and finds them in the application by these tokens.
 */
export const SITE_ARTICLES = Symbol('site articles');
export const SITE_CATALOGUE = Symbol('site catalogue');
