// The example against the server of `npm start`: its demo project's pk_ key is read from the demo.json
// that `npm start` writes, and the dev server proxies /ns to that server, so events go first-party
// (same origin as the app), as they would with the router mounted under /ns of your own site.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = resolve(root, process.env.NORTHSTAR_DATA_DIR ?? '.northstar');

function demoProject() {
  try {
    return JSON.parse(readFileSync(resolve(dataDir, 'demo.json'), 'utf8'));
  } catch {
    throw new Error(`No ${resolve(dataDir, 'demo.json')}: start the server first (\`npm start\` at the repository root).`);
  }
}

const demo = demoProject();
const proxy = { '/ns': { target: demo.url, changeOrigin: true, rewrite: (path) => path.replace(/^\/ns/, '') } };

export default defineConfig({
  define: { __NORTHSTAR_KEY__: JSON.stringify(demo.pk) },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), proxy },
  preview: { host: '127.0.0.1', proxy },
});
