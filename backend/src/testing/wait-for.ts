/**
 * Resolves with the first truthy answer of `check`, asked again every 20 ms; fails naming `what` after
 * `timeoutMs`. For facts that nothing announces (a row a processor wrote, a checkpoint that moved, a
 * push that arrived). The deadline only bounds a failing test: it is never the proof that something
 * did not happen.
 */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
