import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRICKY_VALUES, hostileRequest, seededRng, trickyEvent } from './support/hostile-bodies.js';
import type { FuzzRequest } from './support/hostile-bodies.js';
import { sendRaw } from './support/send-raw.js';
import type { RawAnswer } from './support/send-raw.js';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// 1,000 hostile bodies interleaved with 300 valid events (some sent twice), 8 at a time. Reproducible:
// NORTHSTAR_FUZZ_SEED=<n> replays a run; the seed is in every failure message.
const SEED = Number(process.env.NORTHSTAR_FUZZ_SEED ?? 20_240_501);
const HOSTILE = 1_000;
const VALID = 300;
const PARALLEL = 8;
const NOW = Date.parse('2024-05-01T12:00:00.000Z');

interface Planned extends FuzzRequest {
  /** uuids of the `fuzz_valid` events the body carries intact (each must end up stored once). */
  valid: string[];
}

const uuidOf = (i: number) => `01890000-0000-7000-8000-${(0xf0000 + i).toString(16).padStart(12, '0')}`;

function validEvent(i: number, r: ReturnType<typeof seededRng>) {
  return {
    event_name: 'fuzz_valid',
    device_id: `device-${i % 37}`,
    ...(r.chance(0.5) ? { user_id: `user-${i % 11}` } : {}),
    uuid: uuidOf(i),
    timestamp: new Date(NOW - r.int(86_400_000)).toISOString(),
    str_properties: { plan: r.pick(['free', 'pro']), path: `/p/${i}`, constructor: 'plain data' },
    num_properties: { n: i, price: r.int(1000) / 10 },
  };
}

/** The requests of one run, in the order they are sent: valid and hostile shuffled together. */
function plan(seed: number): Planned[] {
  const r = seededRng(seed);
  const json = { 'Content-Type': r.chance(0.5) ? 'application/json' : 'text/plain;charset=UTF-8' };
  const requests: Planned[] = [];
  for (let i = 0; i < VALID; i++) {
    const event = validEvent(i, r);
    if (r.chance(0.6)) {
      requests.push({ body: JSON.stringify(event), headers: json, valid: [event.uuid] });
    } else {
      // A good event among bad ones: the bad ones must not take it with them.
      const neighbours: unknown[] = Array.from({ length: 1 + r.int(4) }, () => (r.chance(0.8) ? trickyEvent(r) : r.pick(TRICKY_VALUES)));
      neighbours.splice(r.int(neighbours.length + 1), 0, event);
      requests.push({
        body: JSON.stringify({ batch: neighbours, sent_at: r.chance(0.3) ? new Date(NOW).toISOString() : undefined }),
        headers: json,
        valid: [event.uuid],
      });
    }
    if (r.chance(0.15)) requests.push({ ...requests[requests.length - 1]!, valid: [] }); // a retry
  }
  for (let i = 0; i < HOSTILE; i++) {
    const mutant = {
      event_name: 'fuzz_mutant',
      device_id: `m${i}`,
      timestamp: new Date(NOW).toISOString(),
      str_properties: { a: 'b' },
      num_properties: { n: i },
    };
    requests.push({ ...hostileRequest(r, mutant), valid: [] });
  }
  for (let i = requests.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [requests[i], requests[j]] = [requests[j]!, requests[i]!];
  }
  return requests;
}

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ clock: () => NOW, rateLimits: false });
});
afterAll(() => api.close());

describe(`fuzzing POST /v1/track (seed ${SEED})`, () => {
  it('answers 1,000 hostile bodies with 4xx { error }, never 5xx, and stores every valid event exactly once', async () => {
    const requests = plan(SEED);
    expect(requests.filter((request) => request.valid.length === 0).length).toBeGreaterThanOrEqual(HOSTILE);
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const answers: { request: Planned; answer: RawAnswer; index: number }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        const request = requests[index]!;
        const answer = await sendRaw(`${api.url}/v1/track`, request.body, { 'X-API-Key': api.demo.pk, ...request.headers });
        answers.push({ request, answer, index });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));

    for (const { request, answer, index } of answers) {
      const where = `seed ${SEED}, request ${index}: ${String(typeof request.body === 'string' ? request.body.slice(0, 200) : request.body.subarray(0, 200))}`;
      expect(answer.status, where).toBeLessThan(500);
      if (answer.status === 200) expect(answer.body, where).toMatchObject({ accepted: expect.any(Number), rejected: expect.any(Array) });
      else expect(answer.body, where).toMatchObject({ error: expect.any(String) });
      if (request.valid.length > 0) expect(answer.status, where).toBe(200);
    }
    expect(answers.filter(({ answer }) => answer.status >= 400).length).toBeGreaterThan(HOSTILE / 2);

    // The process is alive, nothing reached Object.prototype, and each valid event is stored once.
    expect(
      (await sendRaw(`${api.url}/v1/track`, '{"event_name":"alive","device_id":"d"}', { 'Content-Type': 'application/json', 'X-API-Key': api.demo.pk })).status,
    ).toBe(200);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    for (let i = 0; i < VALID; i++) {
      const stored = await api.storage.eventLog.getEvent(api.demo.project_id, uuidOf(i));
      expect(stored, `seed ${SEED}, valid event ${i}`).toMatchObject({
        event_name: 'fuzz_valid',
        num_properties: { n: i },
        str_properties: { constructor: 'plain data' },
      });
    }
    const rows = await api.storage.queryEngine.run({
      kind: 'segmentation',
      projectId: api.demo.project_id,
      events: ['fuzz_valid'],
      metric: 'total',
      interval: 'day',
      from: NOW - 3 * 86_400_000,
      to: NOW + 86_400_000,
    });
    expect(rows.reduce((sum, row) => sum + row.value, 0)).toBe(VALID);
  }, 60_000);
});
