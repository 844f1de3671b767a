// Baseline for the Node SDK bench: a bare node:http server that reads each POST body and answers 200
// at once, stored nowhere. `/v1/track` gets Northstar's answer shape; anything else (posthog-node's
// `/batch/`) gets `{ "status": 1 }`. It counts nothing: the clients report what was confirmed.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body = '{"status":1}';
    if (req.url?.endsWith('/v1/track')) {
      const size = JSON.parse(Buffer.concat(chunks).toString()).batch?.length ?? 1;
      body = JSON.stringify({ accepted: size, rejected: [] });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port, key: 'pk_stub' })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
