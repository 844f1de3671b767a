import { z } from 'zod';

/** Largest id the stores hand out (a signed 32-bit integer). */
const MAX_ID = 2 ** 31 - 1;

/**
 * A positive integer id of a path (`/…/flags/:id`), written as the stores write it (no sign, no
 * leading zero). Any other value names nothing that exists: `notFound(raw)` is the 404's message.
 */
export function pathIdParam(notFound: (raw: string) => string) {
  return z.string().transform((raw, ctx) => {
    const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
    if (id <= MAX_ID) return id;
    ctx.addIssue({ code: 'custom', message: notFound(raw) });
    return z.NEVER;
  });
}

/** `:projectId` of the application routes: authorization has already refused (403) any other value. */
export const projectIdParam = pathIdParam(() => 'No access to this project');

/** The path parameters of a route under `/v1/projects/:projectId`. */
export const projectPathSchema = z.object({ projectId: projectIdParam });
