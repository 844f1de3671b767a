// An existing Express app that mounts Northstar under /ns: the SDK script and the collection
// endpoint live on the site's own origin (first-party), so ad blockers see nothing foreign.
import express from 'express';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, seedDemoProject } from '@northstar/server';

// Memory storage: every start is a first start, so the first project and its keys are made here.
// On a database, make them once instead (`northstar-server bootstrap --json`; see the README).
const storage = createMemoryStorage();
const { pk, sk, project_id: projectId } = await seedDemoProject(storage);

const app = express();
// Northstar first: it reads its own bodies, with its own limits and { error } answers.
app.use('/ns', createNorthstarRouter({ storage }));
// Then the shop's own app: its body parsers, its routes, its error handler last.
app.use(express.json());
app.use(express.urlencoded({ extended: false }));
app.get('/', (_req, res) => {
  res.type('html').send(`<!doctype html>
<title>My shop</title>
<h1>My shop</h1>
<script>
  window.northstar = window.northstar || [];
  northstar.push(['init', { key: ${JSON.stringify(pk)} }]);
</script>
<script async src="/ns/sdk/northstar.js"></script>`);
});
app.post('/cart', (req, res) => {
  res.json({ added: req.body.item ?? null });
});
// Sees the shop's own errors only: the router answers its own.
app.use((error, _req, res, _next) => {
  console.error(error);
  res.status(error.status ?? 500).json({ error: 'Something went wrong' });
});

const port = Number(process.env.PORT ?? 3000);
const server = app.listen(port, '127.0.0.1', () => {
  const { port: actual } = server.address();
  console.log(`Shop with Northstar under /ns: http://127.0.0.1:${actual}/`);
  console.log(`Query it: curl -s -X POST http://127.0.0.1:${actual}/ns/v1/api/query/events \\
  -H 'Authorization: Bearer ${sk}' -H 'Content-Type: application/json' \\
  -d '{"project_id":${projectId},"events":[{"name":"$pageview"}],"metric":"uniq","interval":"day","date_range":{"start":"${new Date().toISOString().slice(0, 10)}","end":"${new Date().toISOString().slice(0, 10)}"}}'`);
});
