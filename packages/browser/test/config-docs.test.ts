import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The JSDoc of the options is what an editor shows for `init({ ... })`: an option whose subsystem does
// not exist must not promise a default behaviour.
const source = readFileSync(new URL('../src/core/config.ts', import.meta.url), 'utf8');

/** The JSDoc right above `name?:` in config.ts. */
function docOf(name: string): string {
  const match = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*${name}\\?:`).exec(source);
  if (!match?.[1]) throw new Error(`no JSDoc for ${name}`);
  return match[1];
}

describe('the options of subsystems that are not built yet', () => {
  it.each(['replay'])('%s says it is accepted and not implemented, with no default that implies behaviour', (name) => {
    const doc = docOf(name);
    expect(doc).toContain('Not implemented yet');
    expect(doc).not.toMatch(/@default (true|false|\d)/);
  });

  it('the replay settings name no defaults of a recorder that does not exist', () => {
    const replay = /export interface ReplayConfig \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
    expect(replay).not.toMatch(/@default (true|false|\d)/);
  });

  it.each(['pageViews', 'clicks', 'forms', 'scroll', 'heatmap', 'guides', 'surveys'])('%s, which exists, keeps its default', (name) => {
    expect(docOf(name)).toContain('@default true');
  });
});
