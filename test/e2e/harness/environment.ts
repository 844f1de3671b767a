import { existsSync } from 'node:fs';

/** True when the run is CI's: there, a missing dependency of a suite is a failure, never a skip. */
export const isCi = process.env.CI === 'true';

export const CHROMIUM_PATH = process.env.NORTHSTAR_CHROMIUM ?? '/usr/bin/chromium';

export const hasChromium = existsSync(CHROMIUM_PATH);

/**
 * Whether a suite needing `what` may run. Without it: a loud skip on a developer's machine,
 * an error under CI=true (skips are failures in CI).
 */
export function requireOrSkip(what: string, available: boolean, howToInstall: string): boolean {
  if (available) return true;
  const message = `${what} is not available (${howToInstall})`;
  if (isCi) throw new Error(`${message}; CI=true, so this suite fails instead of skipping.`);
  console.warn(`\n⚠️  SKIPPING: ${message}.\n`);
  return false;
}
