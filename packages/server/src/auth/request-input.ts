import type { Request } from 'express';
import type { z } from 'zod';
import { BadRequestError, NotFoundError } from '../errors/index.js';
import { describeIssues } from '../schemas/index.js';

/** `value` parsed by `schema`, or a 400 naming what is wrong. */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequestError(describeIssues(parsed.error));
  return parsed.data;
}

/** The positive integer id of path parameter `name`; anything else names nothing: 404 `what not found`. */
export function pathId(req: Request, name: string, what: string): number {
  const raw = req.params[name];
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id > 2 ** 31 - 1) throw new NotFoundError(`${what} not found`);
  return id;
}
