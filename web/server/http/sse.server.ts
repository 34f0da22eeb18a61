// Server-Sent Events as text: one event (name, JSON data, optional id) or a comment line. The
// data is JSON on one line, so no line of it can end the event early.

/** One event: `event:`, `id:` (when given) and one `data:` line, ended by a blank line. */
export function sseEvent(event: string, data: unknown, id?: number | string): string {
  if (/[\r\n]/.test(event) || (id !== undefined && /[\r\n\0]/.test(String(id)))) {
    throw new Error('SSE event names and ids are one line without NUL');
  }
  const json = JSON.stringify(data)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${json}\n\n`;
}

/** A comment line: ignored by clients, keeps proxies from closing an idle stream. */
export const sseComment = (text: string) => `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;

/** How long a client waits before reconnecting after the stream ended. */
export const sseRetry = (ms: number) => `retry: ${Math.round(ms)}\n\n`;

/**
 * A Last-Event-ID header as a change sequence number, or undefined when absent or not one of ours
 * (the stream then starts with a fresh snapshot).
 */
export function parseLastEventId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
