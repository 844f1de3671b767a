const DAY_MS = 86_400_000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Parses a strict `YYYY-MM-DD` into the ms of its UTC midnight, or undefined when it is not a real date. */
export function parseUtcDate(value: string): number | undefined {
  if (!DATE_PATTERN.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isNaN(ms) || utcDay(ms) !== value ? undefined : ms;
}

/** Every UTC day from `start` to `end` inclusive, as `YYYY-MM-DD`. */
export function utcDaysBetween(start: string, end: string): string[] {
  const from = parseUtcDate(start);
  const to = parseUtcDate(end);
  if (from === undefined || to === undefined) return [];
  const days: string[] = [];
  for (let ms = from; ms <= to; ms += DAY_MS) days.push(utcDay(ms));
  return days;
}
