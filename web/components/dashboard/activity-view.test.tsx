import { expect, test } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApplicationLink, describe as describeEvent } from './ActivityView';

const event = { at: '2026-11-20T13:02:00.000Z', member: { id: 'm1', name: 'Lena' } };
const id = '6b675e96-929c-4a49-af7f-fe3f5f0f4c5c';

test('the activity view says what a decision mail told, and never shows an application’s id', () => {
  const mail = { ...event, action: 'decision-mail-sent' as const, target: id, detail: { decision: 'approved' } };
  expect(describeEvent(mail)).toBe('approved');
  const change = {
    ...event,
    action: 'status-changed' as const,
    target: id,
    detail: { from: 'pending', to: 'approved' },
  };
  expect(describeEvent(change)).toBe('pending → approved');
});

test('a status change that took a decision back says it was undone', () => {
  const undo = {
    ...event,
    action: 'status-changed' as const,
    target: id,
    detail: { from: 'approved', to: 'pending', undo: true },
  };
  expect(describeEvent(undo)).toBe('approved → pending (undone: no mail went out)');
});

test('an entry names the application by its applicant, as a link to the card; a deleted one neutrally', () => {
  const linked = renderToStaticMarkup(<ApplicationLink application={{ id, name: 'Anna Apfel' }} onOpen={() => {}} />);
  expect(linked).toBe(`<a href="?view=applications#application-${id}" lang="de">Anna Apfel</a>`);
  const gone = renderToStaticMarkup(<ApplicationLink application={{ id, name: null }} onOpen={() => {}} />);
  expect(gone).toBe('<span class="dash-muted">A deleted application</span>');
  expect(gone).not.toContain(id);
});

test('the activity view says from which name to which an owner renamed a member', () => {
  const renamed = { ...event, action: 'renamed' as const, target: 'm2', detail: { from: 'Rita', to: 'Rita Reviewer' } };
  expect(describeEvent(renamed)).toBe('Rita → Rita Reviewer');
});
