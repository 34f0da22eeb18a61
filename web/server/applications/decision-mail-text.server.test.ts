import { describe, expect, test } from 'vitest';
import type { DecisionMailTexts } from '../content/content.server';
import { firstName, renderDecisionMail, UNKNOWN_MEMBER } from './decision-mail-text.server';

const texts: DecisionMailTexts = {
  approval: { subject: 'Willkommen, {vorname}!', body: 'Hallo {vorname},\n\nja!\n\nHerzliche Grüße\n{teammitglied}' },
  rejection: { subject: 'Deine Bewerbung', body: 'Hallo {Vorname},\n\nleider nein.\n\n{ teammitglied }' },
  byType: [{ applicationType: 'Mentor', approval: { subject: 'Mentor {vorname}', body: 'Als Mentor: {vorname}' } }],
};

describe('a decision mail as the applicant reads it', () => {
  test("the founder's words with the first name and the deciding member's name", () => {
    expect(
      renderDecisionMail(texts, {
        decision: 'approved',
        applicationType: 'Mentee',
        applicantName: '  Anna Maria   Apfel ',
        memberName: 'Lena Hartmann',
      }),
    ).toEqual({
      subject: 'Willkommen, Anna!',
      text: 'Hallo Anna,\n\nja!\n\nHerzliche Grüße\nLena Hartmann',
    });
  });

  test('placeholders in any case and with spaces; the rejection text for a rejection', () => {
    const mail = renderDecisionMail(texts, {
      decision: 'rejected',
      applicationType: 'Mentee',
      applicantName: 'Jördis',
      memberName: 'Rita',
    });
    expect(mail).toEqual({ subject: 'Deine Bewerbung', text: 'Hallo Jördis,\n\nleider nein.\n\nRita' });
  });

  test("a type's own words where there are some, the general ones otherwise", () => {
    const facts = { applicantName: 'Max Muster', memberName: 'Lena' };
    expect(renderDecisionMail(texts, { ...facts, decision: 'approved', applicationType: 'Mentor' }).subject).toBe(
      'Mentor Max',
    );
    // The Mentor entry has no rejection: the general one.
    expect(renderDecisionMail(texts, { ...facts, decision: 'rejected', applicationType: 'Mentor' }).subject).toBe(
      'Deine Bewerbung',
    );
  });

  test('a name cannot break the subject into a second header line', () => {
    const mail = renderDecisionMail(texts, {
      decision: 'approved',
      applicationType: 'Mentee',
      applicantName: 'Anna\r\nBcc: x@example.org',
      memberName: null,
    });
    expect(mail.subject).toBe('Willkommen, Anna!');
    expect(mail.text).toContain(UNKNOWN_MEMBER);
  });

  test('the first name is the first word', () => {
    expect(firstName('Anna Apfel')).toBe('Anna');
    expect(firstName('Cher')).toBe('Cher');
    expect(firstName(' \t')).toBe('');
  });
});
