/**
 * Runs `close` once on the first SIGINT or SIGTERM, then exits: 0 when it resolved, 1 (with the error
 * on standard error) when it failed.
 */
export function stopOnSignal(close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, shutting down`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
