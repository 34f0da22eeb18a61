import { describe, expect, test } from 'vitest';
import { SIGNUP_API_MESSAGES, SIGNUP_MESSAGES } from '~/copy/signup';
import { signupReady, validateSignup } from './signup';

const valid = { userType: 'reiter', name: 'Anna', email: 'anna@example.org' };

describe('signup validation: name and email filled after trimming, email with an @', () => {
  test('trims name and email and defaults the newsletter opt-in to true', () => {
    const result = validateSignup({ ...valid, name: '  Anna  ', email: ' anna@example.org ' });
    expect(result).toEqual({
      ok: true,
      value: { userType: 'reiter', name: 'Anna', email: 'anna@example.org', newsletterOptIn: true },
    });
  });

  test.each([
    [{ name: '' }, ['name']],
    [{ name: '   ' }, ['name']],
    [{ email: '' }, ['email']],
    [{ email: ' \t ' }, ['email']],
    [{ name: '', email: '' }, ['name', 'email']],
    [{ name: ' ', email: 'kein-at' }, ['name', 'email']],
  ])('an empty field after trimming: "fill in all fields" (%o)', (change, fields) => {
    const result = validateSignup({ ...valid, ...change });
    expect(result).toMatchObject({ ok: false, error: SIGNUP_MESSAGES.empty });
    if (!result.ok) expect(result.fields.sort()).toEqual([...fields].sort());
  });

  test('a missing field is an empty field', () => {
    expect(validateSignup({ userType: 'trainer', email: 'a@b' })).toMatchObject({
      ok: false,
      error: SIGNUP_MESSAGES.empty,
      fields: ['name'],
    });
  });

  test.each(['anna.example.org', 'anna', 'anna(at)example.org'])('an email without @ is refused (%s)', (email) => {
    expect(validateSignup({ ...valid, email })).toMatchObject({
      ok: false,
      error: SIGNUP_MESSAGES.email,
      fields: ['email'],
    });
  });

  test('an email with an @ is enough (no stricter check refuses a real address)', () => {
    expect(validateSignup({ ...valid, email: 'a@b' }).ok).toBe(true);
  });

  test('user type, id, timestamp and opt-in are checked', () => {
    expect(validateSignup({ ...valid, userType: 'admin' })).toMatchObject({ ok: false, fields: ['userType'] });
    expect(validateSignup({ ...valid, id: 'x' })).toMatchObject({ ok: false, fields: ['id'] });
    expect(validateSignup({ ...valid, timestamp: 'gestern' })).toMatchObject({ ok: false, fields: ['timestamp'] });
    expect(validateSignup({ ...valid, newsletterOptIn: 'ja' })).toMatchObject({
      ok: false,
      fields: ['newsletterOptIn'],
    });
    const ok = validateSignup({
      ...valid,
      id: crypto.randomUUID(),
      timestamp: new Date().toISOString(),
      newsletterOptIn: false,
    });
    expect(ok).toMatchObject({ ok: true, value: { newsletterOptIn: false } });
  });

  test('control characters (which nobody can type) are refused', () => {
    expect(validateSignup({ ...valid, name: 'Anna\r\nBcc: x@y' })).toMatchObject({ ok: false, fields: ['name'] });
    expect(validateSignup({ ...valid, email: 'a@b\u0000' })).toMatchObject({ ok: false, fields: ['email'] });
  });

  test('overlong input is refused with a message, not stored', () => {
    expect(validateSignup({ ...valid, name: 'x'.repeat(201) })).toMatchObject({
      ok: false,
      error: SIGNUP_API_MESSAGES.tooLong,
    });
    expect(validateSignup({ ...valid, email: `${'x'.repeat(260)}@example.org` })).toMatchObject({ ok: false });
  });

  test('the submit button looks active only when both rules hold', () => {
    expect(signupReady('', '')).toBe(false);
    expect(signupReady('Anna', '')).toBe(false);
    expect(signupReady(' ', 'a@b')).toBe(false);
    expect(signupReady('Anna', 'anna')).toBe(false);
    expect(signupReady('Anna', 'a@b')).toBe(true);
    // The button and the schema agree.
    for (const [name, email] of [
      ['Anna', 'a@b'],
      [' ', 'a@b'],
      ['Anna', 'ab'],
    ] as const) {
      expect(signupReady(name, email)).toBe(validateSignup({ ...valid, name, email }).ok);
    }
  });
});
