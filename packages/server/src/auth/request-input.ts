import type { z } from 'zod';
import { BadRequestError } from '../errors/index.js';
import { describeIssues } from '../schemas/index.js';

/** `value` parsed by `schema`, or a 400 naming what is wrong. */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequestError(describeIssues(parsed.error));
  return parsed.data;
}
