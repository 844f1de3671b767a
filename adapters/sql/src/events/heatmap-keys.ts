import * as crypto from 'node:crypto';

/**
 * The key of a pathname or selector in the heatmap tables: the first 53 bits of its sha256, a safe
 * JS integer, so that a query binds the keys of the pages it matched as plain numbers (a decimal
 * string against a BIGINT would compare as a double on MySQL). Two texts collide only within one
 * (project, width, day) page key or one page's cells: at 100,000 pages of a project in one day,
 * about 1 in 10⁶ (their counts would be added up under the first text).
 */
export function heatmapKey(text: string): number {
  const digest = typeof crypto.hash === 'function' ? crypto.hash('sha256', text, 'buffer') : crypto.createHash('sha256').update(text, 'utf8').digest();
  return digest.readUIntBE(0, 6) * 32 + (digest[6]! >> 3);
}
