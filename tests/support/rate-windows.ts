/**
 * Rate limits count in fixed windows of wall-clock time: a test that counts hits waits, when needed, until the
 * current window has at least `marginMs` left, so a window boundary never falls inside it.
 */
export async function awayFromWindowEdge(windowMs = 60_000, marginMs = 15_000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}
