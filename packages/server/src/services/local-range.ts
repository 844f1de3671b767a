/** The zone's canonical name (`europe/berlin` → `Europe/Berlin`), echoed in answers. */
export function canonicalZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}
