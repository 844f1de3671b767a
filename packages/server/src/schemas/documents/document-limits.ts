/** Caps on the configuration documents (flags, guides, surveys); see docs/ingestion-endpoints.md. */
export const DOCUMENT_LIMITS = {
  /** Characters of a flag key (also the document key). */
  maxFlagKeyLength: 100,
  /** Characters of a name. */
  maxNameLength: 200,
  /** Characters of a title, question, label or button text. */
  maxShortTextLength: 500,
  /** Characters of a body or description. */
  maxLongTextLength: 5000,
  /** Characters of a CSS selector. */
  maxSelectorLength: 1000,
  /** Characters of a URL or URL pattern. */
  maxUrlLength: 2048,
  /** Rules in one targeting list. */
  maxRules: 20,
  /** Variants of a flag, or variant keys a guide or survey lists. */
  maxVariants: 20,
  /** Steps of a tour, items of a checklist, choices of a multiple-choice survey. */
  maxItems: 20,
} as const;
