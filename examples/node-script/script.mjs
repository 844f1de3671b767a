// A server-side script with @northstar/node against the server of `npm start`: it reads the demo
// project's keys from .northstar/demo.json (or NORTHSTAR_HOST / NORTHSTAR_PK / NORTHSTAR_SK /
// NORTHSTAR_PROJECT_ID), tracks a few events, identifies a user, records a payment, evaluates a flag
// locally (secret key) and remotely (SDK key), and shuts down: every event is delivered before exit.
import { readFile } from 'node:fs/promises';
import { Northstar } from '@northstar/node';

const dataDir = process.env.NORTHSTAR_DATA_DIR ?? new URL('../../.northstar/', import.meta.url).pathname;
const demo = await readFile(`${dataDir.replace(/\/?$/, '/')}demo.json`, 'utf8')
  .then(JSON.parse)
  .catch(() => ({}));
const host = process.env.NORTHSTAR_HOST ?? demo.url;
const apiKey = process.env.NORTHSTAR_PK ?? demo.pk;
if (!host || !apiKey) {
  console.error('No server found: run `npm start` in the repository first (it writes .northstar/demo.json), or set NORTHSTAR_HOST and NORTHSTAR_PK.');
  process.exit(1);
}
const secretKey = process.env.NORTHSTAR_SK ?? demo.sk;
const projectId = Number(process.env.NORTHSTAR_PROJECT_ID ?? demo.project_id);
const flagKey = process.env.FLAG_KEY ?? 'new-checkout';

const northstar = new Northstar({
  apiKey,
  host,
  // With a secret key (scope `read`) flags are evaluated here, from definitions refreshed every 30 s.
  ...(secretKey ? { secretKey, projectId } : {}),
  onDrop: (event, reason) => console.warn(`dropped ${event.event_name} (${reason})`),
});

const userId = `script-user-${process.pid}`;
northstar.identify({ userId, properties: { plan: 'pro', seats: 3 } });
for (const step of ['cart', 'checkout', 'paid']) {
  northstar.track({ event: 'checkout_step', userId, properties: { step, source: 'node-script' } });
}
northstar.revenue({ userId, amount: 49.9, currency: 'eur', productId: 'pro-monthly', revenueType: 'subscription' });

await northstar.reloadFeatureFlags();
const local = await northstar.getFeatureFlag(flagKey, { userId, userProperties: { plan: 'pro' }, onlyLocal: true });
const remote = await new Northstar({ apiKey, host }).getFeatureFlag(flagKey, { userId, userProperties: { plan: 'pro' } });
console.log(`flag ${flagKey} for ${userId}: ${JSON.stringify(local)} (local), ${JSON.stringify(remote)} (server)`);

const report = await northstar.shutdown({ timeoutMs: 10_000 });
console.log(
  `delivered ${report.delivered} events to ${host}; undelivered: ${report.undelivered.length}, identifies undelivered: ${report.undeliveredIdentifies.length}`,
);
process.exitCode = report.complete ? 0 : 1;
