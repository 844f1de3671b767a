import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { patchRrweb } from '../../../rollup/rrweb-sliced-snapshot.mjs';

/** rrweb's ESM file, as installed (the version the patch is written for). */
const rrweb = readFileSync(
  createRequire(import.meta.url)
    .resolve('rrweb')
    .replace(/rrweb\.cjs$/, 'rrweb.js'),
  'utf8',
);

describe('the build’s patch of rrweb (sliced full snapshot)', () => {
  it('applies to the installed rrweb, and imports the slicer into it', () => {
    const patched = patchRrweb(rrweb).toString();
    expect(patched).toMatch(/^import \{ sliceSnapshot as __nsSliceSnapshot \} from ".*sliced-snapshot\.ts";/);
    expect(patched).toContain('options.deferChild(childN, bypassOptions, serializedNode.childNodes, false)');
  });

  it('fails the build when a text it patches is not found, so that an rrweb upgrade cannot lose the slicing unnoticed', () => {
    const changed = rrweb.replace('mutationBuffer.init(options);', 'mutationBuffer.setup(options);');
    expect(() => patchRrweb(changed)).toThrow(/expected rrweb's text 1 time\(s\), found it 0: mutationBuffer\.init\(options\);/);
  });

  it('fails the build when a text it patches is found more often than rrweb 2.2.2 has it', () => {
    const doubled = `${rrweb}\nvar takeFullSnapshot$1;`;
    expect(() => patchRrweb(doubled)).toThrow(/found it 2/);
  });
});
