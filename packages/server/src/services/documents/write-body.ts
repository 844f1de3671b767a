import { z } from 'zod';
import { BadRequestError } from '../../errors/index.js';
import { ENVELOPE_FIELDS } from '../../schemas/documents/common.js';
import type { DocumentResource } from './document-resource.js';

/** A write request's fields, without the envelope, and the version the client read (if it sent one). */
export interface WriteBody {
  fields: Record<string, unknown>;
  version: number | undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A write body split into fields and version, or why it cannot be one. */
function splitWriteBody(resource: DocumentResource, body: unknown): WriteBody | { error: string } {
  if (!isPlainObject(body)) return { error: 'Body must be a JSON object' };
  const ignored = new Set<string>([...ENVELOPE_FIELDS, ...(resource.readOnlyFields ?? [])]);
  const known = new Set(Object.keys(resource.patchSchema.shape));
  const fields: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (known.has(name)) fields[name] = value;
    else if (!ignored.has(name)) unknown.push(name);
  }
  if (unknown.length > 0) return { error: `Unknown field${unknown.length > 1 ? 's' : ''} of a ${resource.noun}: ${unknown.slice(0, 10).join(', ')}` };
  const { version } = body;
  if (version === undefined) return { fields, version: undefined };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return { error: 'version must be a positive integer' };
  return { fields, version };
}

/**
 * The body of a create, PUT or PATCH request, split: `version` is taken out, the envelope and
 * read-only fields a client sends back unchanged from a response are dropped, and any other field the
 * resource does not have is refused (a misspelt field would otherwise be lost silently). The fields'
 * values are validated by the service, once merged with the stored document.
 */
export function writeBodySchema(resource: DocumentResource) {
  return z.unknown().transform((body, ctx): WriteBody => {
    const split = splitWriteBody(resource, body);
    if (!('error' in split)) return split;
    ctx.addIssue({ code: 'custom', message: split.error });
    return z.NEVER;
  });
}

/** `If-Match: "3"` (or `W/"3"`, or `3`) → 3; absent → undefined; anything else is a 400. */
export function ifMatchVersion(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^(?:W\/)?"?([1-9]\d{0,15})"?$/.exec(header.trim());
  if (!match?.[1]) throw new BadRequestError('If-Match must be the version you read, e.g. "3"');
  return Number(match[1]);
}

/** The version an update is conditional on: from the body or `If-Match`, which must agree; one is required. */
export function expectedVersion(bodyVersion: number | undefined, ifMatch: string | undefined): number {
  const headerVersion = ifMatchVersion(ifMatch);
  if (bodyVersion !== undefined && headerVersion !== undefined && bodyVersion !== headerVersion) {
    throw new BadRequestError(`version ${bodyVersion} and If-Match ${headerVersion} disagree`);
  }
  const version = bodyVersion ?? headerVersion;
  if (version === undefined) throw new BadRequestError('version is required: send the version you read (in the body or as If-Match)');
  return version;
}
