import { expect, test } from 'vitest';
import { describe as describeEvent } from './ActivityView';

test('the activity view says which application a decision mail told, and what', () => {
  expect(
    describeEvent({
      at: '2026-11-20T13:02:00.000Z',
      member: { id: 'm1', name: 'Lena' },
      action: 'decision-mail-sent',
      target: '6b675e96-929c-4a49-af7f-fe3f5f0f4c5c',
      detail: { decision: 'approved' },
    }),
  ).toBe('6b675e96-929c-4a49-af7f-fe3f5f0f4c5c: approved');
});
