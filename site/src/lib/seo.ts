import { company, absoluteUrl } from './company';

/** schema.org Organization, shown on the home, about and contact pages. */
export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: company.siteUrl,
    logo: absoluteUrl('/images/logo.svg'),
    email: company.email,
    telephone: company.phones[0],
    foundingDate: String(company.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address,
      addressLocality: company.city,
      addressCountry: company.country,
    },
    contactPoint: company.phones.map((telephone) => ({
      '@type': 'ContactPoint',
      telephone,
      email: company.email,
      contactType: 'customer service',
      availableLanguage: 'French',
    })),
  };
}

/** JSON for a `<script type="application/ld+json">`, safe against `</script>` in the data. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * schema.org ItemList of the products a catalogue page lists, each a Product with its Offer (price,
 * currency, availability), for /catalogue and its pre-rendered pages.
 */
export function catalogueJsonLd(
  products: {
    id: number;
    name: string;
    reference?: string;
    price: string;
    stock: number;
    currency?: { code?: string } | null;
    brand?: { name: string } | null;
  }[],
  firstPosition = 1,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      item: {
        '@type': 'Product',
        name: product.name,
        sku: product.reference,
        url: absoluteUrl(`/product/${product.id}`),
        brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined,
        offers: {
          '@type': 'Offer',
          url: absoluteUrl(`/product/${product.id}`),
          price: product.price,
          priceCurrency: product.currency?.code,
          availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      },
    })),
  };
}
