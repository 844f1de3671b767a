import { pageHeight } from '../../dom/page.js';

/** How far down the page the viewport reaches, as a percent (0-100) of the page height; 100 for a page with no height. */
export function scrollPercent(): number {
  const height = pageHeight();
  return height > 0 ? Math.min(100, Math.round(((scrollY + innerHeight) / height) * 100)) : 100;
}
