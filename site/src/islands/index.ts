/**
 * The shop's islands, one module for all of them: the catalogue and the product pages then load one
 * file of island code (cached from one page to the other) instead of one per island, next to React's
 * (integrations/island-scripts.mjs). Pages import these islands from here (`component-export` names
 * the island in the HTML). The blog's and the contact form's islands stay apart (each on its own
 * page: the shop pages need not download them), as do the client area's (`client/`).
 */
export { default as CartBar, CART_BAR_WANTS } from './CartBar';
export { default as Catalogue } from './Catalogue';
export { default as ProductActions } from './ProductActions';
export { default as ProductGallery } from './ProductGallery';
