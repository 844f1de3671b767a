// `npm start` builds only when a package's dist is missing or older than any of its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const PACKAGE_DIRS = ['packages', 'adapters'].flatMap((group) => (existsSync(group) ? readdirSync(group).map((name) => join(group, name)) : []));
const BUILD_INPUTS = ['rollup.config.mjs', 'package.json', 'tsconfig.base.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

function oldestOutput(dir) {
  const dist = join(dir, 'dist');
  if (!existsSync(dist) || !existsSync(join(dist, 'index.js'))) return 0;
  return Math.min(...readdirSync(dist).map((entry) => statSync(join(dist, entry)).mtimeMs));
}

const configChanged = Math.max(...BUILD_INPUTS.map(newestMtime));
const stale = PACKAGE_DIRS.filter((dir) => existsSync(join(dir, 'src'))).filter((dir) => {
  const built = oldestOutput(dir);
  return built === 0 || built < Math.max(newestMtime(join(dir, 'src')), newestMtime(join(dir, 'package.json')), configChanged);
});

if (stale.length > 0) {
  console.log(`Building (${stale.join(', ')} changed since the last build)…`);
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { stdio: 'inherit' });
}
