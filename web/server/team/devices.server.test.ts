import { describe, expect, test } from 'vitest';
import { berlinTime, describeBrowser, deviceIdOf, signInMail } from './devices.server';

describe('the new-browser mail', () => {
  test('names the browser and system in German', () => {
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    expect(describeBrowser(firefox)).toBe('Firefox auf Windows');
    expect(describeBrowser(iphone)).toBe('Safari auf iOS');
    expect(describeBrowser(chrome)).toBe('Chrome auf Linux');
    expect(describeBrowser(null)).toBe('ein unbekannter Browser');
  });

  test('gives the time in Berlin, the German way', () => {
    expect(berlinTime(new Date('2026-11-26T13:02:00Z'))).toBe('26.11.2026, 14:02 Uhr');
    expect(berlinTime(new Date('2026-07-01T06:05:00Z'))).toBe('01.07.2026, 08:05 Uhr');
  });

  test('says what to do when it was not them, and holds no secret', () => {
    const when = new Date('2026-11-26T13:02:00Z');
    const mail = signInMail('new-browser', 'anna@example.org', 'Anna', when, 'Chrome auf Linux', 'https://x.test');
    expect(mail.subject).toBe('Neue Anmeldung in deinem Team-Konto');
    expect(mail.text).toContain('Hallo Anna');
    expect(mail.text).toContain('Chrome auf Linux');
    // The team's own "forgot password", not the applicants' sign-in page.
    expect(mail.text).toContain('https://x.test/teamdashboard?forgot-password');
    expect(mail.text).not.toContain('/auth');
    const bare = signInMail('without-second-factor', 'anna@example.org', 'Anna', when, 'Firefox', 'https://x.test');
    expect(bare.subject).toBe('Anmeldung ohne zweiten Faktor in deinem Team-Konto');
    expect(bare.text).toContain('ohne einen Code aus der Authenticator-App');
    expect(bare.text).toContain('https://x.test/teamdashboard?forgot-password');
  });

  test('reads the device cookie among others, and nothing malformed', () => {
    expect(deviceIdOf('a=1; team_device=abcdefghijklmnopqrstuv; b=2')).toBe('abcdefghijklmnopqrstuv');
    expect(deviceIdOf('team_device=short')).toBeUndefined();
    expect(deviceIdOf('team_device=abcdefghijklmnop<script>')).toBeUndefined();
    expect(deviceIdOf(null)).toBeUndefined();
  });
});
