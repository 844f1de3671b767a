import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The JSDoc of the options is what an editor shows for `init({ ... })`: each subsystem's option says its
// default.
const source = readFileSync(new URL('../src/core/config.ts', import.meta.url), 'utf8');

/** The JSDoc right above `name?:` in config.ts. */
function docOf(name: string): string {
  const match = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*${name}\\?:`).exec(source);
  if (!match?.[1]) throw new Error(`no JSDoc for ${name}`);
  return match[1];
}

describe('the options of the subsystems', () => {
  it.each(['pageViews', 'clicks', 'forms', 'scroll', 'heatmap', 'guides', 'surveys', 'replay'])('%s, which exists, keeps its default', (name) => {
    expect(docOf(name)).toContain('@default true');
  });
});

describe('the replay settings (built: issue 17)', () => {
  const replay = /export interface ReplayConfig \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';

  it.each([
    ['samplingRate', '100'],
    ['flushInterval', '5000'],
    ['maxEventsPerChunk', '200'],
    ['maxDuration', '1800000'],
    ['maskTextInput', 'true'],
    ['maskAllText', 'false'],
    ['compress', 'true'],
  ])('%s documents its default, %s', (name, value) => {
    expect(replay).toMatch(new RegExp(`@default ${value} \\*/\\s*${name}\\?:`));
  });
});
