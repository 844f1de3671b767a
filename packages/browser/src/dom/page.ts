/** The height of the document, CSS px: what the viewport scrolls over. */
export const pageHeight = (): number => Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0);
