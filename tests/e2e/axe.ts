import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { waitForQuietNetwork } from './helpers'

/** WCAG 2.1 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * axe-core on what the page shows now (only inside `within`, when given): no serious or critical
 * violation. `screen` names the state in the failure message.
 */
export async function expectNoSeriousViolations(
  page: Page,
  screen: string,
  { within }: { within?: string } = {},
): Promise<void> {
  await waitForQuietNetwork(page)
  // Let entrance animations settle so colours are final.
  await page.waitForTimeout(300)
  const builder = new AxeBuilder({ page })
    .withTags(TAGS)
    // Toasts come and go on their own timers; they are checked where they are tested.
    .exclude('.Toastify')
  if (within) builder.include(within)
  const results = await builder.analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    )
  expect(serious, `axe on ${screen}`).toEqual([])
}
