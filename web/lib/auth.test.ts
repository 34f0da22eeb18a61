import { describe, expect, test } from 'vitest';
import { authRequest, checkBeforeSending, noticeFor, parseAuthMode, readAuthForm } from './auth';
import { AUTH_MESSAGES } from '~/copy/account';

const form = (values: Record<string, string>) => new URLSearchParams(values);

describe('auth form', () => {
  test('the mode is sign-in unless the query asks for sign-up', () => {
    expect(parseAuthMode('sign-up')).toBe('sign-up');
    expect(parseAuthMode('sign-in')).toBe('sign-in');
    expect(parseAuthMode(null)).toBe('sign-in');
    expect(parseAuthMode('admin')).toBe('sign-in');
  });

  test('a posted form is trimmed, and missing or unknown fields become empty values or sign-in', () => {
    expect(readAuthForm(form({ intent: 'sign-up', email: ' a@b.de ', password: ' pw ' }))).toEqual({
      intent: 'sign-up',
      email: 'a@b.de',
      password: ' pw ',
    });
    expect(readAuthForm(form({ intent: 'drop' }))).toEqual({ intent: 'sign-in', email: '', password: '' });
  });

  test('"Forgot Password?" without an email asks for it first; with one nothing stops it', () => {
    expect(checkBeforeSending({ intent: 'reset', email: '', password: '' })).toEqual({
      ok: false,
      message: AUTH_MESSAGES.emailFirst,
    });
    expect(checkBeforeSending({ intent: 'reset', email: 'a@b.de', password: '' })).toBeNull();
    expect(checkBeforeSending({ intent: 'sign-in', email: '', password: '' })).toBeNull();
  });

  test('a success shows the intent’s text, a refusal the backend’s message as given', () => {
    expect(noticeFor('sign-in', { ok: true, body: {} }).message).toBe('Signed in successfully!');
    expect(noticeFor('sign-up', { ok: true, body: {} }).message).toBe('Account created successfully!');
    expect(noticeFor('reset', { ok: true, body: {} }).message).toBe('Password reset email sent!');
    expect(noticeFor('sign-in', { ok: false, body: { message: 'Invalid email or password' } })).toEqual({
      ok: false,
      message: 'Invalid email or password',
    });
    expect(noticeFor('sign-up', { ok: false, body: {} }).message).toBe('An unexpected error occurred');
  });
});

test('each intent calls its Better Auth endpoint; a sign-up’s verification link leads to /konto', () => {
  expect(authRequest('sign-in', 'a@b.de', 'pw')).toEqual({
    path: '/sign-in/email',
    body: { email: 'a@b.de', password: 'pw' },
  });
  expect(authRequest('sign-up', 'a@b.de', 'pw')).toEqual({
    path: '/sign-up/email',
    body: { email: 'a@b.de', password: 'pw', name: '', callbackURL: '/konto' },
  });
  expect(authRequest('reset', 'a@b.de', 'pw')).toEqual({ path: '/request-password-reset', body: { email: 'a@b.de' } });
});
