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

function versionOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new BadRequestError('version must be a positive integer');
  return value;
}

/**
 * Splits a create, PUT or PATCH body: `version` is taken out, the envelope and read-only fields a
 * client sends back unchanged from a response are dropped, and any other field the resource does not
 * have is refused (a misspelt field would otherwise be lost silently).
 */
export function readWriteBody(resource: DocumentResource, body: unknown): WriteBody {
  if (!isPlainObject(body)) throw new BadRequestError('Body must be a JSON object');
  const ignored = new Set<string>([...ENVELOPE_FIELDS, ...(resource.readOnlyFields ?? [])]);
  const known = new Set(Object.keys(resource.patchSchema.shape));
  const fields: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (known.has(name)) fields[name] = value;
    else if (!ignored.has(name)) unknown.push(name);
  }
  if (unknown.length > 0) throw new BadRequestError(`Unknown field${unknown.length > 1 ? 's' : ''} of a ${resource.noun}: ${unknown.slice(0, 10).join(', ')}`);
  return { fields, version: versionOf(body.version) };
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
