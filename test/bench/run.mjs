// `npm run bench`: every benchmark, each figure printed beside a baseline measured in the same run,
// and the results written as JSON under test/bench/results/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { trackThroughput } from './track-throughput.mjs';

execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-if-needed.mjs', import.meta.url))], { stdio: 'inherit' });

const results = [];
for (const bench of [trackThroughput]) {
  const result = await bench();
  console.log(`\n${result.name}`);
  console.table(result.rows);
  console.log('ratios against the baseline:', result.ratios);
  results.push(result);
}

const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
const file = `${dir}${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(file, `${JSON.stringify({ node: process.version, results }, null, 2)}\n`);
console.log(`\nwritten: ${file}`);
