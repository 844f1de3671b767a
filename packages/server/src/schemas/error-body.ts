import { z } from 'zod';

export const errorBodySchema = z.object({ error: z.string() });

/** One readable line from a zod failure: the distinct messages, path-prefixed where zod's own text has no field name. */
export function describeIssues(error: z.ZodError): string {
  const messages = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path && !issue.message.includes(path.split('.')[0] ?? '') ? `${path}: ${issue.message}` : issue.message;
  });
  return [...new Set(messages)].join('; ');
}
