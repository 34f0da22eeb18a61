// Waiting on a condition instead of a fixed sleep, for checks that go over the network.

/** Resolves once `condition` holds (checked every `intervalMs`); throws after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 30_000, intervalMs = 50 } = {},
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
