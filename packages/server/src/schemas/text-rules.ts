/**
 * Control characters (Unicode category Cc: U+0000–U+001F, U+007F–U+009F). Names, ids and property
 * keys may not hold them; string property values may (tabs and newlines are common in text).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** The same rule as a whole-string pattern, for zod `.regex()` (and so for the OpenAPI document). */
// eslint-disable-next-line no-control-regex
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/**
 * False when `value` holds a lone surrogate (possible through `\ud800` escapes in JSON). Names, ids and
 * property keys with one are refused (400 naming the field); string property values are repaired.
 */
export function isWellFormed(value: string): boolean {
  return (value as unknown as WellFormedString).isWellFormed();
}

/** `value` with every lone surrogate replaced by U+FFFD, as a UTF-8 encoder would. */
export function wellFormed(value: string): string {
  return isWellFormed(value) ? value : (value as unknown as WellFormedString).toWellFormed();
}
