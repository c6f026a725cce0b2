import sharp from 'sharp';

/** Small real images and hostile look-alikes for upload tests. */
export const pngImage = (color = '#c0392b') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();
export const jpegImage = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#2980b9' } })
    .jpeg()
    .toBuffer();
export const webpImage = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#27ae60' } })
    .webp()
    .toBuffer();

export const CLEAN_SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><metadata>rdf</metadata>' +
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
    '<circle cx="5" cy="5" r="4" fill="url(#g)"/></svg>',
);
export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="5" height="5"/></svg>',
);
export const SVG_WITH_ONLOAD = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="5" height="5"/></svg>',
);
export const TEXT_AS_PNG = Buffer.from('Ceci est un simple fichier texte, pas une image.\n');
/** A PNG header followed by noise, one byte over the 5048 KB limit. */
export const oversized = () => {
  const buffer = Buffer.alloc(5048 * 1024 + 1, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer);
  return buffer;
};

export const IMAGE_TYPE_ERROR = 'Format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.';
export const IMAGE_SIZE_ERROR = "L'image ne doit pas dépasser 5MB.";
export const SVG_ACTIVE_ERROR = 'Cette image SVG contient des scripts ou des liens externes et a été refusée.';
