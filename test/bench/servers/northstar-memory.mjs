// The reference router on the memory adapter, as a host app mounts it.
import express from 'express';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, seedDemoProject } from '@northstar/server';

const storage = createMemoryStorage();
const { pk } = await seedDemoProject(storage);
const app = express();
app.use(createNorthstarRouter({ storage }));
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port, key: pk })}\n`);
});
