/** Where unexpected errors are reported. */
export interface NorthstarLogger {
  error(message: string, error: unknown): void;
  /** Notices such as "storage recovered"; dropped when absent. */
  info?(message: string): void;
  /** Configuration warnings (e.g. no `jwtSecret`); `info` receives them when absent. */
  warn?(message: string): void;
}
