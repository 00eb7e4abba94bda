/** axe on a settled page: the serious and critical violations, one "rule: target" line per element. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pageSettled } from './fixture.ts';

/** The serious and critical axe violations of the page once it has settled (empty when none); `tags` narrows the rules. */
export async function seriousAxeViolations(page: Page, tags?: string[]): Promise<string[]> {
  await pageSettled(page);
  const builder = new AxeBuilder({ page });
  const results = await (tags ? builder.withTags(tags) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}
