/** Calls `read` until `done` holds for its result, or fails with the last result (or `describe` of it) after `timeoutMs`. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
  describe: (value: T) => string = (value) => `last value: ${JSON.stringify(value)}`,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; ${describe(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await read();
  }
  return last;
}
