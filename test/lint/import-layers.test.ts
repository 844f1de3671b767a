import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RULE = 'layering/import-layers';

interface LayerOptions {
  folders: { root: string; layers: string[][]; allow?: { from: string; to: string }[] }[];
}

let configs: Linter.Config[] = [];

beforeAll(async () => {
  // The real eslint.config.mjs, so that these cases check the layer order the build runs with.
  const module = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.mjs')).href)) as { default: Linter.Config[] };
  const entry = module.default.find((config) => config.rules?.[RULE] !== undefined);
  if (!entry) throw new Error(`eslint.config.mjs does not turn on ${RULE}`);
  configs = [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: entry.plugins, rules: { [RULE]: entry.rules?.[RULE] } }];
});

/** The messages of the rule for `code` written in `file` (relative to the repository root). */
function lint(file: string, code: string, withConfigs: Linter.Config[] = configs): string[] {
  const linter = new Linter({ cwd: ROOT });
  return linter.verify(code, withConfigs, { filename: path.join(ROOT, file) }).map((message) => message.message);
}

/** The configuration with one folder tree's allow-list replaced. */
function withAllowList(allow: { from: string; to: string }[]): Linter.Config[] {
  const [config] = configs;
  const [severity, options] = config!.rules![RULE] as [string, LayerOptions];
  const folders = options.folders.map((tree) => ({ ...tree, allow }));
  return [{ ...config, rules: { [RULE]: [severity, { ...options, folders }] } } as Linter.Config];
}

const SERVER = 'packages/server/src';

describe('the import-layers lint rule: server folders', () => {
  it('fails an upward import: limits/ importing http/', () => {
    const messages = lint(`${SERVER}/limits/limit-table.ts`, "import { createNorthstarRouter } from '../http/router.js';\n");
    expect(messages).toEqual([expect.stringContaining('limits/ may not import packages/server/src/http/router.js: limits/ sits below http/')]);
  });

  it('fails an upward type import the same way', () => {
    expect(lint(`${SERVER}/limits/limit-subject.ts`, "import type { Principal } from '../access/principal.js';\n")).toEqual([
      expect.stringContaining('limits/ sits below access/'),
    ]);
    const messages = lint(`${SERVER}/schemas/identify.ts`, "import type { TrackEnvelope } from '../services/track-envelope.js';\n");
    expect(messages).toEqual([expect.stringContaining('schemas/ sits below services/')]);
  });

  it('fails `export ... from` and `import()` that run upwards', () => {
    const code = "export type { ServerContext } from '../http/server-context.js';\nexport const load = () => import('../app/index.js');\n";
    expect(lint(`${SERVER}/ports/extra.ts`, code)).toHaveLength(2);
  });

  it('fails imports between neighbours on one layer (secrets/ and webhooks/)', () => {
    expect(lint(`${SERVER}/secrets/secret-box.ts`, "import { checkedUrl } from '../webhooks/ssrf-url.js';\n")).toHaveLength(1);
  });

  it('passes downward imports, imports inside a folder, and the entry file importing any folder', () => {
    expect(
      lint(`${SERVER}/http/track-route.ts`, "import { trackService } from '../services/track-service.js';\nimport type { X } from './routes/x.js';\n"),
    ).toEqual([]);
    expect(lint(`${SERVER}/access/access-table.ts`, "import type { RateLimitClass } from '../limits/rate-limit-class.js';\n")).toEqual([]);
    expect(lint(`${SERVER}/index.ts`, "export { createNorthstarRouter } from './http/router.js';\n")).toEqual([]);
  });

  it('fails a folder importing the entry file', () => {
    expect(lint(`${SERVER}/services/query-service.ts`, "import type { StorageAdapter } from '../index.js';\n")).toEqual([
      expect.stringContaining('is an entry file'),
    ]);
  });

  it('fails a folder that is missing from the layer order', () => {
    expect(lint(`${SERVER}/jobs/queue.ts`, "import { HttpError } from '../errors/index.js';\n")).toEqual([
      expect.stringContaining('jobs/ is not in the layers'),
    ]);
  });

  it('passes an allow-listed file → file import, and reports the entry once the import is gone', () => {
    const allow = [{ from: `${SERVER}/limits/plan-cache.ts`, to: `${SERVER}/http/options.ts` }];
    expect(lint(`${SERVER}/limits/plan-cache.ts`, "import type { NorthstarRouterOptions } from '../http/options.js';\n", withAllowList(allow))).toEqual([]);
    expect(lint(`${SERVER}/limits/plan-cache.ts`, "import type { ServerContext } from '../http/server-context.js';\n", withAllowList(allow))).toEqual([
      expect.stringContaining('matches no import any more'),
      expect.stringContaining('limits/ sits below http/'),
    ]);
  });
});

describe('the import-layers lint rule: browser folders', () => {
  it('keeps the client core below the plugins', () => {
    expect(lint('packages/browser/src/core/client.ts', "import { pageViews } from '../plugins/page-views/page-views.js';\n")).toEqual([
      expect.stringContaining('core/ sits below plugins/'),
    ]);
    expect(lint('packages/browser/src/plugins/page-views/page-views.ts', "import type { Plugin } from '../../core/client.js';\n")).toEqual([]);
  });

  it('keeps plugins apart: a plugin imports neither another plugin nor an entry file', () => {
    const file = 'packages/browser/src/plugins/page-views/page-views.ts';
    expect(lint(file, "import { heatmap } from '../heatmap/heatmap.js';\n")).toEqual([expect.stringContaining('do not import one another')]);
    expect(lint(file, "import { init } from '../../index.js';\n")).toEqual([expect.stringContaining('is an entry file')]);
  });
});

describe('the import-layers lint rule: packages', () => {
  it('fails a package missing from the package graph', () => {
    expect(lint('packages/vue/src/plugin.ts', "import { init } from '@northstar/browser';\n")).toEqual([
      expect.stringContaining('packages/vue is not in the package graph'),
    ]);
  });

  it('lets the React SDK import the browser SDK, and not the server', () => {
    expect(lint('packages/react/src/provider.ts', "import { init } from '@northstar/browser';\n")).toEqual([]);
    expect(lint('packages/react/src/provider.ts', "import type { StorageAdapter } from '@northstar/server';\n")).toHaveLength(1);
  });

  it('fails core importing any other workspace package', () => {
    expect(lint('packages/core/src/ids.ts', "import type { StorageAdapter } from '@northstar/server';\n")).toHaveLength(1);
  });

  it('keeps the browser and the server apart (both sit on core only)', () => {
    expect(lint('packages/browser/src/client.ts', "import type { TrackedEvent } from '@northstar/server';\n")).toHaveLength(1);
    expect(lint('packages/server/src/http/sdk-script.ts', "import { init } from '@northstar/browser';\n")).toHaveLength(1);
    expect(lint('packages/browser/src/client.ts', "import { newUuid } from '@northstar/core';\n")).toEqual([]);
  });

  it('lets adapters import only the types of @northstar/server', () => {
    const file = 'adapters/memory/src/memory-storage.ts';
    expect(lint(file, "import type { EventLog } from '@northstar/server';\n")).toEqual([]);
    expect(lint(file, "import { createNorthstarRouter } from '@northstar/server';\n")).toEqual([
      expect.stringContaining('may import only types of @northstar/server'),
    ]);
  });

  it('fails the server importing an adapter, through import() or a relative path too', () => {
    expect(lint(`${SERVER}/storage/storage-from-url.ts`, "const load = () => import('@northstar/adapter-sql');\n")).toHaveLength(1);
    expect(lint(`${SERVER}/storage/storage-from-url.ts`, "import { createMemoryStorage } from '../../../../adapters/memory/src/index.js';\n")).toHaveLength(1);
  });

  it("fails source importing a test or an example, and a test importing another package's tests; tests may import source", () => {
    expect(lint(`${SERVER}/http/router.ts`, "import { startTestServer } from '../../test/support/test-server.js';\n")).toHaveLength(1);
    expect(lint('packages/server/test/track.test.ts', "import { harness } from '../../../test/e2e/harness/server.js';\n")).toHaveLength(1);
    expect(lint('adapters/sql/test/sql.test.ts', "import { startTestServer } from '../../../packages/server/test/support/test-server.js';\n")).toHaveLength(1);
    expect(lint('packages/server/test/track.test.ts', "import { startTestServer } from './support/test-server.js';\n")).toEqual([]);
    expect(lint('packages/server/test/track.test.ts', "import { createMemoryStorage } from '@northstar/adapter-memory';\n")).toEqual([]);
  });
});
