import { describe, expect, test } from 'vitest';
import { APPLICATION_MESSAGES } from '~/copy/access';
import { MESSAGE_MAX } from '~/copy/limits';
import { applicationFromForm, isWebAddress, messageCounter, validateApplication, withScheme } from './application-form';
import { filledHoneypot } from './honeypot';

const valid = {
  id: '7f0c8a52-3f0e-4c36-9d0e-2b7f1c1a9e01',
  applicationType: 'Mentee',
  name: '  Jördis Reiter ',
  email: ' joerdis@example.org ',
  consent: true,
};

describe('the application schema', () => {
  test('a complete application passes, trimmed, optional fields left out when empty', () => {
    const result = validateApplication({ ...valid, websiteLink: '  ', message: '' });
    expect(result).toEqual({
      ok: true,
      value: {
        ...valid,
        name: 'Jördis Reiter',
        email: 'joerdis@example.org',
        websiteLink: undefined,
        message: undefined,
      },
    });
  });

  test('each of the three types is accepted; anything else is refused with a German message', () => {
    for (const type of ['Mentor', 'Mentee', 'Business Partner']) {
      expect(validateApplication({ ...valid, applicationType: type }).ok, type).toBe(true);
    }
    for (const type of ['mentor', 'Admin', '', undefined]) {
      expect(validateApplication({ ...valid, applicationType: type })).toEqual({
        ok: false,
        error: APPLICATION_MESSAGES.type,
        fields: { applicationType: APPLICATION_MESSAGES.type },
      });
    }
  });

  test('name and email: required, the email must look like an address', () => {
    expect(validateApplication({ ...valid, name: '   ' })).toMatchObject({
      fields: { name: APPLICATION_MESSAGES.name },
    });
    expect(validateApplication({ ...valid, email: '' })).toMatchObject({
      fields: { email: APPLICATION_MESSAGES.emailEmpty },
    });
    for (const email of ['joerdis', 'a@b', 'a b@example.org', '@example.org']) {
      expect(validateApplication({ ...valid, email }), email).toMatchObject({
        fields: { email: APPLICATION_MESSAGES.email },
      });
    }
    expect(validateApplication({ ...valid, name: 'x'.repeat(201) })).toMatchObject({
      fields: { name: APPLICATION_MESSAGES.nameTooLong },
    });
    expect(validateApplication({ ...valid, name: 'a\nb' }).ok).toBe(false);
  });

  test('the website is optional and, when given, an http or https address', () => {
    for (const link of ['https://example.org', 'http://reitstall-sonne.de/ueber-uns?x=1']) {
      expect(validateApplication({ ...valid, websiteLink: link }), link).toMatchObject({ ok: true });
    }
    for (const link of [
      'example',
      'javascript:alert(1)',
      'ftp://example.org',
      'https://',
      'https://a b.de',
      'mailto:a@b.de',
    ]) {
      expect(validateApplication({ ...valid, websiteLink: link }), link).toMatchObject({
        fields: { websiteLink: APPLICATION_MESSAGES.website },
      });
    }
    expect(isWebAddress('HTTPS://EXAMPLE.ORG')).toBe(true);
  });

  test('an address typed without https:// gets it ("www.marie-reitet.de" is a website)', () => {
    for (const [typed, stored] of [
      ['www.marie-reitet.de', 'https://www.marie-reitet.de'],
      ['  marie-reitet.de/ueber-mich ', 'https://marie-reitet.de/ueber-mich'],
      ['//example.org', 'https://example.org'],
      ['http://reitstall.de', 'http://reitstall.de'],
    ]) {
      const result = validateApplication({ ...valid, websiteLink: typed });
      expect(result, typed).toMatchObject({ ok: true, value: { websiteLink: stored } });
    }
    expect(withScheme('mailto:a@b.de')).toBe('mailto:a@b.de');
  });

  test('the message is optional, at most 2,000 characters; CRLF line breaks count as one', () => {
    expect(validateApplication({ ...valid, message: 'x'.repeat(MESSAGE_MAX) }).ok).toBe(true);
    expect(validateApplication({ ...valid, message: 'x'.repeat(MESSAGE_MAX + 1) })).toMatchObject({
      fields: { message: APPLICATION_MESSAGES.messageTooLong },
    });
    expect(APPLICATION_MESSAGES.messageTooLong).toContain('2.000');
    const lines = 'ab\r\n'.repeat(500).slice(0, -2) + 'cd';
    const result = validateApplication({ ...valid, message: lines });
    expect(result.ok && result.value.message).toBe('ab\n'.repeat(499) + 'abcd');
  });

  test('consent must be given: false, missing or "true" as text is refused', () => {
    for (const consent of [false, undefined, 'true', 1]) {
      expect(validateApplication({ ...valid, consent }), String(consent)).toMatchObject({
        fields: { consent: APPLICATION_MESSAGES.consent },
      });
    }
  });

  test('several problems: a summary, and every field with its own message', () => {
    const result = validateApplication({ consent: false });
    expect(result).toEqual({
      ok: false,
      error: APPLICATION_MESSAGES.summary,
      fields: {
        applicationType: APPLICATION_MESSAGES.type,
        name: APPLICATION_MESSAGES.name,
        email: APPLICATION_MESSAGES.emailEmpty,
        consent: APPLICATION_MESSAGES.consent,
      },
    });
  });

  test('a malformed id or wrongly typed fields are refused, never thrown', () => {
    expect(validateApplication({ ...valid, id: 'not-a-uuid' })).toMatchObject({
      fields: { id: APPLICATION_MESSAGES.invalid },
    });
    for (const input of [null, 'text', [], { ...valid, name: 5 }, { ...valid, message: {} }]) {
      expect(validateApplication(input).ok).toBe(false);
    }
  });
});

describe('the form', () => {
  test('a form post becomes the schema input; an unticked checkbox is no consent', () => {
    const form = new URLSearchParams({
      id: valid.id,
      applicationType: 'Mentor',
      name: 'Anna',
      email: 'anna@example.org',
      websiteLink: '',
      message: 'Hallo',
    });
    expect(applicationFromForm(form)).toMatchObject({ applicationType: 'Mentor', consent: false });
    form.set('consent', 'ja');
    const result = validateApplication(applicationFromForm(form));
    expect(result).toMatchObject({ ok: true, value: { applicationType: 'Mentor', consent: true, message: 'Hallo' } });
    expect(filledHoneypot(form)).toBe(false);
    form.set('referenz', 'spam');
    expect(filledHoneypot(form)).toBe(true);
  });

  test('the live counter in German number format', () => {
    expect(messageCounter('')).toBe('0 / 2.000 Zeichen');
    expect(messageCounter('x'.repeat(1234))).toBe('1.234 / 2.000 Zeichen');
  });
});
