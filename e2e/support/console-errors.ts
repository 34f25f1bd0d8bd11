/**
 * Uncaught errors and console errors of every page of a browser context (issue 20: no story may end with an
 * uncaught error): an unhandled rejection or exception is a `pageerror`, a logged error (a failed request, a
 * React warning) a console message of type `error`. A story asserts the list is empty when it ends.
 */
import type { BrowserContext, Page } from 'playwright-core';

export function collectConsoleErrors(context: BrowserContext): string[] {
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) =>
      errors.push(`uncaught on ${page.url()}: ${error.name}: ${error.message}`),
    );
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console error on ${page.url()}: ${message.text()}`);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  return errors;
}
