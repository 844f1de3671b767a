/** The `code` (e.g. `ER_DUP_ENTRY`, `SQLITE_BUSY`) and `errno` (e.g. 1213) a driver error carries, if any. */
export function driverError(error: unknown): { code?: unknown; errno?: unknown } {
  if (typeof error !== 'object' || error === null) return {};
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return { code, errno };
}
