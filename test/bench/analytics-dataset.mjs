// The analytical queries' dataset: a seeded product with sessions, a few heavy users and many light
// ones, events in the time order they arrive. Cardinalities (per 10 M events): 200,000 people (70 %
// identified), 9 ISO weeks, 4 event names, plan 3 values, country 40, path 500 (long tail), a
// numeric `duration_ms` on page views and `price` on purchases.
import { seededRandom } from './dataset.mjs';

const DAY_MS = 86_400_000;

/** Bump when the generator changes: a database loaded by another version is reloaded. */
export const ANALYTICS_DATASET_VERSION = 1;

export const ANALYTICS_DEFAULTS = {
  seed: 2026,
  projectId: 1,
  /** Monday 2026-01-05, 00:00 UTC: 9 whole ISO weeks follow. */
  start: Date.UTC(2026, 0, 5),
  days: 63,
};

const PLANS = ['free', 'pro', 'enterprise'];
const COUNTRIES = Array.from({ length: 40 }, (_, i) => `c${String(i).padStart(2, '0')}`);
const PATHS = Array.from({ length: 500 }, (_, i) => (i === 0 ? '/' : `/docs/page-${i}`));

/** An index in [0, n) skewed to the small ones (a long tail): about 1/(i+1) of the mass. */
const skewed = (random, n) => Math.min(n - 1, Math.floor(Math.exp(random() * Math.log(n + 1)) - 1));

function personOf(random, index) {
  const plan = random() < 0.75 ? PLANS[0] : random() < 0.8 ? PLANS[1] : PLANS[2];
  return {
    user_id: random() < 0.7 ? `user-${index}` : null,
    device_id: `device-${index}`,
    plan,
    country: COUNTRIES[skewed(random, COUNTRIES.length)],
  };
}

const hex = (random, length) => {
  let out = '';
  while (out.length < length)
    out += Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
};

/** A UUIDv7 whose time part is the event's arrival order, as uuids minted at ingestion are. */
function uuidAt(random, ms) {
  const time = ms.toString(16).padStart(12, '0');
  const h = hex(random, 19);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${h.slice(0, 3)}-a${h.slice(3, 6)}-${h.slice(6, 18)}`;
}

/**
 * One session's events: page views (a path, a `duration_ms`) and clicks; 4 % of sessions sign up, a
 * third of those also buy (`price`), each a little after the page views before it.
 */
function sessionEvents(random, person, at, projectId) {
  const events = [];
  const views = 1 + Math.floor(-Math.log(1 - random()) * 5);
  let ts = at;
  const push = (event_name, str, num) => {
    const common = { plan: person.plan, country: person.country };
    events.push({
      uuid: uuidAt(random, ts),
      project_id: projectId,
      event_name,
      user_id: person.user_id,
      device_id: person.device_id,
      session_id: null,
      timestamp: ts,
      str_properties: { ...common, ...str },
      num_properties: num,
      received_at: ts,
    });
    ts += 1_000 + Math.floor(random() * 60_000);
  };
  for (let i = 0; i < views; i += 1) {
    const path = PATHS[skewed(random, PATHS.length)];
    push('$pageview', { path }, { duration_ms: 50 + Math.floor(Math.exp(random() * Math.log(20_000))) });
    if (random() < 0.5) push('click', { path }, {});
  }
  if (random() < 0.04) {
    push('signup', {}, {});
    if (random() < 0.35) push('purchase', {}, { price: 5 * (1 + Math.floor(random() * 40)) });
  }
  return events;
}

/**
 * Yields arrays of `batchSize` events (the last may be shorter), `count` in all, in session order
 * over `days` from `start`: each session starts a little after the previous one (so the stream is in
 * time order give or take a session's length) and belongs to a person drawn with a long tail (a few
 * people have many sessions, most have few). Deterministic for a seed.
 */
export function* analyticsBatches({ count, batchSize, ...rest }) {
  const { seed, projectId, start, days } = { ...ANALYTICS_DEFAULTS, ...rest };
  const random = seededRandom(seed);
  const peopleCount = Math.max(500, Math.round(count / 50));
  const people = Array.from({ length: peopleCount }, (_, i) => personOf(random, i));
  const span = days * DAY_MS;
  /** About 10 events a session (page views, clicks, the rare signup and purchase). */
  const sessions = count / 10;
  let made = 0;
  let session = 0;
  let batch = [];
  while (made < count) {
    const at = start + Math.floor((Math.min(session, sessions) / sessions) * (span - 3_600_000));
    session += 1;
    // the top 1 % of people have about a fifth of the sessions
    const person = people[Math.floor(peopleCount * random() ** 3)];
    for (const event of sessionEvents(random, person, at, projectId)) {
      if (made >= count) break;
      batch.push(event);
      made += 1;
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}
