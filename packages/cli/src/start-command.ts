import type { CliSettings } from './cli-env.js';
import { openCliApp } from './open-cli-storage.js';
import { queryCurl } from './query-curl.js';
import { startNorthstarServer } from './start-server.js';
import { storageBanner } from './storage-banner.js';
import { stopOnSignal } from './stop-on-signal.js';

/** `northstar-server start`: the API and the demo page on `HOST:PORT`, until SIGINT or SIGTERM. */
export async function runStart(settings: CliSettings): Promise<void> {
  const { storage, databases, app } = await openCliApp(settings);
  const running = await startNorthstarServer({ ...settings, storage, router: app });
  const { url, demo, demoFile, demoReused } = running;
  const kept = (kind: string) => (kind === 'memory' ? 'data is lost on exit' : 'data is kept across restarts');
  console.log(`Northstar server listening on ${url}
${storageBanner(databases, ({ display, kind }) => `${display} (${kind}, ${kept(kind)})`)}

  Demo page     ${url}/
  OpenAPI       ${url}/v1/openapi.json
  SDK script    ${url}/sdk/northstar.js

  Project id    ${demo.project_id} (${demoReused ? 'kept from the last start' : 'new'})
  SDK key       ${demo.pk}
  Secret key    ${demo.sk}   (scopes: query, read)
  Saved to      ${demoFile}

Query today's unique visitors:
  ${queryCurl(url, demo.project_id, demo.sk)}
`);

  stopOnSignal(() => running.close());
}
