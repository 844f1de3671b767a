type Level = 'log' | 'warn' | 'error';

/**
 * Console output prefixed with `[Sdk]`, printed only when `on` (the instance's `debug` option).
 * Always call it as `if (__NS_DEBUG__) log(...)` so the minified CDN build drops the call and its strings.
 */
export function log(on: boolean | undefined, level: Level, ...args: unknown[]): void {
  if (on) console[level]('[Sdk]', ...args);
}
