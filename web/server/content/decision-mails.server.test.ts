import { describe, expect, test } from 'vitest';
import { checkDecisionMails, decisionMailTextFor, type DecisionMailTexts } from './decision-mails.server';

const text = (subject: string, body = 'Hallo {vorname}') => ({ subject, body });
const bundled: DecisionMailTexts = {
  approval: text('Zusage aus dem Paket'),
  rejection: text('Absage aus dem Paket'),
  byType: [],
};

describe('the decision mail texts before the server sends with them', () => {
  test('valid texts are taken as they are (trimmed), with their per-type entries', () => {
    const problems: string[] = [];
    const texts = checkDecisionMails(
      {
        approval: text(' Zusage '),
        rejection: text('Absage'),
        byType: [{ applicationType: 'Mentor', approval: text('Zusage Mentor'), rejection: null }],
      },
      bundled,
      problems,
    );
    expect(problems).toEqual([]);
    expect(texts.approval.subject).toBe('Zusage');
    expect(decisionMailTextFor(texts, 'approved', 'Mentor').subject).toBe('Zusage Mentor');
    expect(decisionMailTextFor(texts, 'rejected', 'Mentor').subject).toBe('Absage');
    expect(decisionMailTextFor(texts, 'approved', 'Mentee').subject).toBe('Zusage');
  });

  test('a text the Studio would refuse is replaced by the bundled one and named', () => {
    const problems: string[] = [];
    const texts = checkDecisionMails(
      {
        approval: text('Zusage', 'Hallo {nachricht}'),
        rejection: text('Ab\nsage'),
        byType: [{ applicationType: 'Mentee', approval: text('', 'x'), rejection: text('Absage Mentee') }],
      },
      bundled,
      problems,
    );
    expect(texts.approval.subject).toBe('Zusage aus dem Paket');
    expect(texts.rejection.subject).toBe('Absage aus dem Paket');
    expect(decisionMailTextFor(texts, 'approved', 'Mentee').subject).toBe('Zusage aus dem Paket');
    expect(decisionMailTextFor(texts, 'rejected', 'Mentee').subject).toBe('Absage Mentee');
    expect(problems.join('\n')).toMatch(/Zusage: placeholders: Unbekannter Platzhalter „\{nachricht\}“/);
    expect(problems.join('\n')).toMatch(/Absage: the subject has a line break/);
    expect(problems.join('\n')).toMatch(/Zusage \(Mentee\): subject or text is empty/);
  });

  test('without a document (a project older than the feature) the bundled texts are used', () => {
    const problems: string[] = [];
    expect(checkDecisionMails(null, bundled, problems)).toBe(bundled);
    expect(problems).toHaveLength(1);
  });

  test('the bundled texts themselves must be right: a broken one is an error', () => {
    expect(() => checkDecisionMails({ ...bundled, approval: text('{oops'), byType: null }, undefined)).toThrow(
      /Zusage/,
    );
    expect(() => checkDecisionMails(null, undefined)).toThrow(/missing/);
  });
});
