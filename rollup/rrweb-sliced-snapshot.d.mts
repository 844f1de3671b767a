import type MagicString from 'magic-string';

/** rrweb 2.2.2's ESM file with the sliced full snapshot; throws when one of the texts it patches is not found exactly once. */
export function patchRrweb(code: string): MagicString;

/** The Rollup (and Vite) plugin that patches rrweb's ESM file. */
export function rrwebSlicedSnapshot(): {
  name: string;
  transform(code: string, id: string): { code: string; map: ReturnType<MagicString['generateMap']> } | null;
};
