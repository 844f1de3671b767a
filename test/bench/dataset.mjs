// A seeded, reproducible stream of events as the server hands them to storage (StoredEvent).
const DAY_MS = 86_400_000;

/** mulberry32: a small, fast, seeded PRNG returning [0, 1). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (random, length) => {
  let out = '';
  for (let i = 0; i < length; i += 8)
    out += Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
};

/**
 * A UUIDv7 whose time part counts up with `sequence`, as uuids minted at ingestion time do: the
 * unique index on (project, uuid) then grows at its end instead of at random pages.
 */
function uuidFrom(random, sequence) {
  const time = (DATASET_DEFAULTS.start + sequence).toString(16).padStart(12, '0');
  const h = hex(random, 20);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${h.slice(0, 3)}-a${h.slice(3, 6)}-${h.slice(6, 18)}`;
}

const NAMES = [
  ['$pageview', 0.6],
  ['click', 0.3],
  ['signup', 0.07],
  ['purchase', 0.03],
];

function pickName(r) {
  let acc = 0;
  for (const [name, share] of NAMES) {
    acc += share;
    if (r < acc) return name;
  }
  return NAMES[0][0];
}

export const DATASET_DEFAULTS = { seed: 42, projectId: 1, days: 30, start: Date.parse('2026-01-01T00:00:00.000Z') };

/** Out-of-order arrival of time-ordered events: up to 10 minutes late. */
const LATE_MS = 10 * 60_000;

/**
 * Yields arrays of `batchSize` events (the last may be shorter): `count` events over `days` UTC days
 * from `start`, people drawn from `users` ids (every event has a user_id and a device_id).
 * Timestamps are uniform over the range in every batch, unless `timeOrdered`: then they advance
 * through the range as live traffic does (each up to 10 minutes early, spread evenly), so a bulk
 * load writes the time indexes near their end instead of at random pages.
 */
export function* eventBatches({ count, batchSize, users = Math.max(1000, Math.round(count / 10)), timeOrdered = false, ...rest }) {
  const { seed, projectId, days, start } = { ...DATASET_DEFAULTS, ...rest };
  const random = seededRandom(seed);
  const span = days * DAY_MS;
  let batch = [];
  for (let i = 0; i < count; i += 1) {
    const user = Math.floor(random() * users);
    const timestamp = timeOrdered ? Math.max(start, start + Math.floor((i / count) * span - random() * LATE_MS)) : start + Math.floor(random() * span);
    batch.push({
      uuid: uuidFrom(random, i),
      project_id: projectId,
      event_name: pickName(random()),
      user_id: `user-${user}`,
      device_id: `device-${user}`,
      session_id: null,
      timestamp,
      str_properties: { plan: random() < 0.2 ? 'pro' : 'free', path: `/page/${Math.floor(random() * 50)}` },
      num_properties: { price: Math.floor(random() * 100) },
      received_at: timestamp,
    });
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
