import { describe, expect, test } from 'vitest';
import { landingFixture as content } from '../../tests/fixtures/landing';
import { businessJsonLd, coursesJsonLd, faqJsonLd } from './structured-data';

describe('structured data', () => {
  test('the business names its founder, address and profile', () => {
    const ld = businessJsonLd(content.settings, 'https://example.org');
    expect(ld).toMatchObject({
      '@type': 'ProfessionalService',
      name: 'Bewegungscoaching Anna Beispiel',
      url: 'https://example.org/',
      founder: { '@type': 'Person', name: 'Anna Beispiel' },
      address: { postalCode: '12345', addressLocality: 'Berlin' },
      logo: 'https://example.org/images/seal-1200.webp',
    });
  });
  test('the five programmes become courses with plain-text descriptions', () => {
    const courses = coursesJsonLd(content.programmes, content.settings, 'https://example.org');
    expect(courses).toHaveLength(5);
    expect(courses[4]).toMatchObject({
      '@type': 'Course',
      courseCode: '05',
      name: 'Programm 05',
      description: 'Beschreibung 05',
      timeRequired: 'ab 3 Monaten',
    });
  });
  test('the FAQ becomes an FAQPage with its five questions', () => {
    const faq = faqJsonLd(content.faq);
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity).toHaveLength(5);
    expect(faq.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: 'FAQ-Frage 1?',
      acceptedAnswer: { '@type': 'Answer', text: 'FAQ-Antwort 1' },
    });
  });
});
