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
