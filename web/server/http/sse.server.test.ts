import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { describe, expect, test } from 'vitest';
import { parseLastEventId, sseComment, sseEvent, sseRetry } from './sse.server';

function parse(text: string) {
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e), onComment: (c) => comments.push(c) });
  parser.feed(text);
  return { events, comments };
}

describe('Server-Sent Events', () => {
  test('an event with name, id and JSON data parses back to the same values', () => {
    const data = { name: 'Zeile 1\nZeile 2\r\n\n', note: 'data: fake\n\nevent: x', sep: '\u2028' };
    const { events } = parse(sseEvent('application', data, 42) + sseEvent('removed', { ids: ['a'] }));
    expect(events.map((e) => ({ ...e, data: JSON.parse(e.data) as unknown }))).toEqual([
      { event: 'application', id: '42', data },
      { event: 'removed', id: undefined, data: { ids: ['a'] } },
    ]);
  });

  test('a comment and a retry are not events', () => {
    const { events, comments } = parse(sseRetry(2000) + sseComment('keep-alive\nsecond line'));
    expect(events).toEqual([]);
    expect(comments).toEqual(['keep-alive second line']);
  });

  test('names and ids cannot break the framing', () => {
    expect(() => sseEvent('a\nb', {})).toThrow();
    expect(() => sseEvent('a', {}, '1\n2')).toThrow();
  });

  test('Last-Event-ID: a non-negative integer, anything else is unknown', () => {
    expect(parseLastEventId('17')).toBe(17);
    expect(parseLastEventId(' 0 ')).toBe(0);
    for (const bad of [null, undefined, '', '-1', '1.5', 'abc', '1e3', '9'.repeat(16)]) {
      expect(parseLastEventId(bad), String(bad)).toBeUndefined();
    }
  });
});
