// A host app as most Express apps start: body parsers first, then Northstar under /ns, then the
// app's own routes and error handler. Prints one JSON line { port, pk, sk, project_id } once listening.
import express from 'express';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createAccount, createNorthstarRouter, seedDemoProject } from '@northstar/server';

const storage = createMemoryStorage();
const demo = await seedDemoProject(storage);
await createAccount(storage.config, { email: 'owner@shop.example', password: 'a long passphrase' }, { N: 1024, r: 8, p: 1 });

const app = express();
app.use(express.json());
app.use(express.urlencoded({ extended: false }));
app.use(
  '/ns',
  createNorthstarRouter({
    storage,
    jwtSecret: 'host-app-test-secret-of-32-bytes!!',
    logger: { error: (message, error) => console.error(message, error), warn: () => {} },
  }),
);
app.get('/', (_req, res) => {
  res.type('text').send('the shop');
});
app.use((error, _req, res, _next) => {
  console.error('host error handler', error);
  res.status(error.status ?? 500).json({ error: 'host app error' });
});

const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: server.address().port, ...demo }));
});
