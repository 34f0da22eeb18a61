// schema.org JSON-LD for the landing page: the business and its founder, the five programmes as
// courses, the FAQ as FAQPage. Pure functions over the content types.
import { toPlainText } from '@portabletext/react';
import type { FaqItem, LandingContent, Programme, SiteSettings } from './content-types';
import { imageSrc } from './image-urls';
import { absoluteUrl } from './seo';
import { typeset } from './typography';

export function businessJsonLd(settings: SiteSettings, publicUrl: string) {
  const { operator } = settings;
  const image = settings.shareImage ?? settings.portrait;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': absoluteUrl(publicUrl, '/#business'),
    name: operator.businessName ?? settings.siteTitle,
    description: settings.siteDescription,
    url: absoluteUrl(publicUrl, '/'),
    ...(image ? { image: absoluteUrl(publicUrl, imageSrc(image)) } : {}),
    logo: absoluteUrl(publicUrl, imageSrc(settings.seal)),
    email: operator.email,
    ...(operator.phone ? { telephone: operator.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: operator.street,
      postalCode: operator.postalCode,
      addressLocality: operator.city,
      addressCountry: operator.country,
    },
    founder: founderJsonLd(settings, publicUrl),
    sameAs: [settings.photoNetwork.url],
  };
}

function founderJsonLd(settings: SiteSettings, publicUrl: string) {
  return {
    '@type': 'Person',
    name: settings.founderName,
    ...(settings.portrait ? { image: absoluteUrl(publicUrl, imageSrc(settings.portrait)) } : {}),
    sameAs: [settings.photoNetwork.url],
  };
}

export function coursesJsonLd(programmes: Programme[], settings: SiteSettings, publicUrl: string) {
  return programmes.map((programme) => ({
    '@context': 'https://schema.org',
    '@type': 'Course',
    courseCode: programme.number,
    // As the page shows it (a typographic apostrophe in RIDER’S).
    name: typeset(programme.title),
    description: toPlainText(programme.description),
    timeRequired: programme.duration,
    inLanguage: 'de',
    url: absoluteUrl(publicUrl, `/#programm-${programme.number}`),
    provider: {
      '@type': 'Organization',
      '@id': absoluteUrl(publicUrl, '/#business'),
      name: settings.operator.businessName ?? settings.siteTitle,
      sameAs: absoluteUrl(publicUrl, '/'),
    },
  }));
}

export function faqJsonLd(faq: FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: toPlainText(item.answer) },
    })),
  };
}

/** Every JSON-LD object of the landing page. */
export function landingJsonLd(content: LandingContent, publicUrl: string) {
  return [
    businessJsonLd(content.settings, publicUrl),
    ...coursesJsonLd(content.programmes, content.settings, publicUrl),
    faqJsonLd(content.faq),
  ];
}
