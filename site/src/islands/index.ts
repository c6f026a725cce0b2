/**
 * The public site's islands, one module for all of them: each island page then loads one file of
 * island code (cached for every other page) instead of one per island, next to React's
 * (integrations/island-scripts.mjs). Pages import the islands from here (`component-export` names the
 * island in the HTML). The client area's islands (`client/`) stay apart: only its pages need them.
 */
export { default as BlogList } from './BlogList';
export { default as CartBar } from './CartBar';
export { default as Catalogue } from './Catalogue';
export { default as ContactForm } from './ContactForm';
export { default as ProductActions } from './ProductActions';
export { default as ProductGallery } from './ProductGallery';
