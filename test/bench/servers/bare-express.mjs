// Baseline: a bare Express 5 route that parses JSON and answers 200 — the floor of any Express ingestion.
import express from 'express';

const app = express();
app.post('/v1/track', express.json({ limit: '1mb' }), (req, res) => {
  res.json({ accepted: Array.isArray(req.body?.batch) ? req.body.batch.length : 1, rejected: [] });
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port, key: 'none' })}\n`);
});
