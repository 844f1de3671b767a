import type { Page } from 'playwright-core';

/** What went wrong on `page` from now on, as it happens: its errors, console warnings and failed requests. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  const at = (): string => String(Date.now());
  page.on('pageerror', (error) => problems.push(`${at()} pageerror ${String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${at()} console.${message.type()} ${message.text().slice(0, 500)}`);
  });
  page.on('requestfailed', (request) => problems.push(`${at()} requestfailed ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${at()} ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}
