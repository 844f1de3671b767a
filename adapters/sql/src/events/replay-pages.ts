/** The `pages` column: JSON text of the URLs, null when the chunk enters no page. */
export function parsePages(text: string | null): string[] {
  if (text === null) return [];
  const pages: unknown = JSON.parse(text);
  return Array.isArray(pages) ? pages.filter((page): page is string => typeof page === 'string') : [];
}
