import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const docs = readFileSync(new URL('../../../docs/browser-sdk.md', import.meta.url), 'utf8');

describe('the copy-paste snippet in docs/browser-sdk.md', () => {
  it('is under 1 KB gzipped and loads the script asynchronously', () => {
    const snippet = /<!-- snippet -->\s*```html\n([\s\S]*?)```/.exec(docs)?.[1] ?? '';
    expect(snippet).toContain('window.northstar = window.northstar || [];');
    expect(snippet).toMatch(/<script async src="[^"]+\/sdk\/northstar\.js"><\/script>/);
    expect(gzipSync(snippet, { level: 9 }).length).toBeLessThan(1024);
  });
});
