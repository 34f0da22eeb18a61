import { describe, expect, test } from 'vitest';
import { fail, ok } from '../result.server';
import { BEARER, problemResponse, problemStatus, unwrap } from './http.server';

describe('a domain refusal as the API answers it', () => {
  test('each problem has its status, and the body is the API error shape {error, fields?}', async () => {
    const problems = ['invalid', 'unauthenticated', 'forbidden', 'rate-limited'] as const;
    expect(problems.map(problemStatus)).toEqual([400, 401, 403, 429]);
    const invalid = problemResponse(fail('invalid', 'Bitte prüfen.', { fields: ['email'] }));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'Bitte prüfen.', fields: ['email'] });
    expect(invalid.headers.get('cache-control')).toBe('no-store');
    const forbidden = problemResponse(fail('forbidden', 'Nur für Inhaber.'));
    expect(await forbidden.json()).toEqual({ error: 'Nur für Inhaber.' });
  });

  test('a rate limit says when to retry; a 401 names the challenge only when asked, and only on a 401', () => {
    const limited = problemResponse(fail('rate-limited', 'Zu viele Versuche.', { retryAfter: 42 }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('42');
    expect(problemResponse(fail('unauthenticated', 'Anmelden.'), BEARER).headers.get('www-authenticate')).toBe(
      'Bearer',
    );
    expect(problemResponse(fail('unauthenticated', 'Anmelden.')).headers.get('www-authenticate')).toBeNull();
    expect(problemResponse(fail('forbidden', 'Nein.'), BEARER).headers.get('www-authenticate')).toBeNull();
  });

  test('unwrap hands on the value and throws the answer of a refusal', () => {
    expect(unwrap(ok(7))).toBe(7);
    let thrown: unknown;
    try {
      unwrap(fail('invalid', 'Falsch.'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});
