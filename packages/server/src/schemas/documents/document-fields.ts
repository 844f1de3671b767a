import { z } from 'zod';
import { DOCUMENT_LIMITS } from './document-limits.js';

/** A required string of 1..`max` characters, with messages naming `field`. */
export function requiredText(field: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);
}

/** An optional string of at most `max` characters (may be empty). */
export function optionalText(field: string, max: number) {
  return z
    .string({ error: `${field} must be a string` })
    .max(max, `${field} must be at most ${max} characters`)
    .optional();
}

/** Flag keys: a letter or digit, then letters, digits, `_`, `-`, `.` or `:`; case matters. */
export const FLAG_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

/** A flag key, variant key or checklist item key. */
export function keyText(field: string, max: number = DOCUMENT_LIMITS.maxFlagKeyLength) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`)
    .regex(FLAG_KEY_PATTERN, `${field} may hold letters, digits, _ - . : and must start with a letter or digit`);
}

/** `active`: served by decide and evaluated by flags; `draft`: stored only. */
export const DOCUMENT_STATUSES = ['active', 'draft'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export function statusField(field = 'status') {
  return z.enum(DOCUMENT_STATUSES, { error: `${field} must be one of ${DOCUMENT_STATUSES.join(', ')}` });
}

/** An http(s) URL, or a path starting with `/` (resolved against the page by the SDK). */
export function linkUrl(field: string) {
  return z
    .string({ error: `${field} must be a string` })
    .max(DOCUMENT_LIMITS.maxUrlLength, `${field} must be at most ${DOCUMENT_LIMITS.maxUrlLength} characters`)
    .refine(
      (value) => /^https?:\/\//i.test(value) || (value.startsWith('/') && !value.startsWith('//')),
      `${field} must be an http(s) URL or a path starting with /`,
    );
}
