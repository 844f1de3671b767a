#!/usr/bin/env node
import { readCliSettings } from './cli/cli-env.js';
import { queryCurl } from './cli/query-curl.js';
import { startNorthstarServer } from './cli/start-server.js';

async function main(): Promise<void> {
  const settings = readCliSettings(process.env);
  const running = await startNorthstarServer(settings);
  const { url, demo, demoFile } = running;
  console.log(`Northstar server listening on ${url} (memory storage: data is lost on exit)

  Demo page     ${url}/
  OpenAPI       ${url}/v1/openapi.json
  SDK script    ${url}/sdk/northstar.js

  Project id    ${demo.project_id}
  SDK key       ${demo.pk}
  Secret key    ${demo.sk}   (scopes: query, read)
  Saved to      ${demoFile}

Query today's unique visitors:
  ${queryCurl(url, demo.project_id, demo.sk)}
`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, shutting down`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('northstar-server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
