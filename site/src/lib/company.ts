/**
 * The company's details, read at build time from the environment the API passes to `astro build`
 * (COMPANY_NAME, COMPANY_EMAIL, COMPANY_PHONES, COMPANY_ADDRESS, COMPANY_MAP_QUERY, SITE_URL).
 * The defaults are the demo values on the reserved domain comptoir.example.
 */
const env = (name: string): string | undefined => {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
};

export interface Company {
  name: string;
  email: string;
  phones: string[];
  address: string;
  mapQuery: string;
  /** WhatsApp number, digits only (COMPANY_WHATSAPP, checked by the API), or null: no WhatsApp button. */
  whatsapp: string | null;
  siteUrl: string;
  foundedYear: number;
  city: string;
  country: string;
}

export const company: Company = {
  name: env('COMPANY_NAME') ?? 'Comptoir Industriel du Togo',
  email: env('COMPANY_EMAIL') ?? 'contact@comptoir.example',
  phones: (env('COMPANY_PHONES') ?? '+228 90 00 00 01,+228 22 00 00 02')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean),
  address: env('COMPANY_ADDRESS') ?? 'Lomé-Togo, Agoe Cacaveli',
  mapQuery: env('COMPANY_MAP_QUERY') ?? 'Agoe Cacaveli, Lomé, Togo',
  whatsapp: env('COMPANY_WHATSAPP')?.replace(/\D/g, '') || null,
  siteUrl: (env('SITE_URL') ?? 'http://localhost:3000').replace(/\/$/, ''),
  foundedYear: 2012,
  city: 'Lomé',
  country: 'TG',
};

/**
 * WhatsApp click-to-chat: a plain link to wa.me with the text prefilled, no
 * third-party script; the app opens on a phone, WhatsApp Web elsewhere.
 */
export function whatsappHref(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/** `tel:` link target: digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The embedded map of the contact page. COMPANY_MAP_QUERY may be "latitude,longitude" (then an
 * OpenStreetMap frame centred on it with a marker) or a free-text place (then a map search frame).
 */
export function mapEmbed(query: string): { src: string; link: string } {
  const coords = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(query);
  if (coords) {
    const lat = Number(coords[1]);
    const lon = Number(coords[2]);
    const d = 0.01;
    const bbox = [lon - d, lat - d, lon + d, lat + d].map((n) => n.toFixed(5)).join('%2C');
    return {
      src: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat}%2C${lon}`,
      link: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`,
    };
  }
  const q = encodeURIComponent(query);
  return {
    src: `https://maps.google.com/maps?q=${q}&z=15&output=embed`,
    link: `https://www.openstreetmap.org/search?query=${q}`,
  };
}

/** Absolute URL on the public site (canonical links, Open Graph, sitemap, RSS). */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${company.siteUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}
