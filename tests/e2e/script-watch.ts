/** Watches a page for text that ran as script: the dialogs it opened and the scripts the CSP had to block. */
import type { Page } from '@playwright/test';

/** Everything the page would show if hostile text ran: dialogs it opened, and scripts the CSP had to block (dismissed and recorded). */
export function watchForScript(page: Page): { dialogs: string[]; blocked: string[] } {
  const seen = { dialogs: [] as string[], blocked: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) seen.blocked.push(message.text());
  });
  return seen;
}
