import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED } from './packages.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Export names as a real Node process sees them, resolving the package from the workspace root. */
async function exportNames(name: string, as: 'esm' | 'cjs'): Promise<string[]> {
  const script =
    as === 'esm'
      ? `import(${JSON.stringify(name)}).then((m) => console.log(JSON.stringify(Object.keys(m).filter((k) => k !== 'default').sort())))`
      : `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(name)})).sort()))`;
  const { stdout } = await run(process.execPath, ['-e', script], { cwd: ROOT });
  return JSON.parse(stdout) as string[];
}

describe.each(PUBLISHED)('the built $name', ({ name, exports, esmOnly }) => {
  // Each case starts Node processes: generous timeouts, for a loaded CI machine (5 s was once not enough).
  it('imports as ESM through its exports map', async () => {
    expect(await exportNames(name, 'esm')).toEqual(expect.arrayContaining(exports));
  }, 60_000);

  if (esmOnly) {
    it('is ESM only: require() gets a clear ERR_PACKAGE_PATH_NOT_EXPORTED', async () => {
      await expect(exportNames(name, 'cjs')).rejects.toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED/);
    }, 60_000);
  } else {
    it('requires as CJS with the same exports as ESM', async () => {
      const [esm, cjs] = await Promise.all([exportNames(name, 'esm'), exportNames(name, 'cjs')]);
      expect(cjs).toEqual(esm);
    }, 60_000);
  }
});

describe('the bundled type declarations', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(ROOT, 'test/packaging/.consumer-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['mts', 'cts'])(
    'type-check a .%s consumer under moduleResolution node16',
    async (extension) => {
      const imports = PUBLISHED.filter((p) => extension === 'mts' || !p.esmOnly)
        .map(
          ({ name, exports }, i) =>
            `import { ${exports.map((e) => `${e} as e${i}_${e}`).join(', ')} } from '${name}';\n` +
            `export const p${i} = [${exports.map((e) => `e${i}_${e}`).join(', ')}];`,
        )
        .join('\n');
      const file = join(dir, `consumer.${extension}`);
      await writeFile(file, imports);
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      const args = [
        tsc,
        '--noEmit',
        '--strict',
        '--module',
        'node16',
        '--moduleResolution',
        'node16',
        '--target',
        'es2022',
        '--skipLibCheck',
        'false',
        '--types',
        'node',
        file,
      ];
      await expect(run(process.execPath, args, { cwd: ROOT })).resolves.toBeDefined();
    },
    120_000,
  );
});
