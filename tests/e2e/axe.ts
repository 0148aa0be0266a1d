import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { waitForQuietNetwork } from './helpers'
import { SHOTS_DIR, inBothThemes, type Look, type Size } from './looks'

/** WCAG 2.1 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** The rules whose verdict a theme changes: colours against their background. */
const CONTRAST_RULES = ['color-contrast', 'link-in-text-block']

/** Every rule of TAGS, or only CONTRAST_RULES. */
export type AxeScope = 'all rules' | 'contrast only'

/** The look every screen gets the full check in (looks.ts); the others are checked for contrast. */
export const FULL_CHECK_LOOK = 'light'

/**
 * What to check a screen for in `look`. All rules in one look; in the others only contrast,
 * which is what a theme changes, and what axe spends most of its time on across four looks
 * (about 390 s of a run, issue 32). Names, roles, labels and landmarks come from the same markup
 * in every look; the phone layout's own controls are checked by phone-layout.spec.ts and
 * mobile.spec.ts, and for contrast here.
 */
export function axeScopeFor(look: Look): AxeScope {
  return look.name === FULL_CHECK_LOOK ? 'all rules' : 'contrast only'
}

/**
 * axe-core on what the page shows now (only inside `within`, when given): no serious or critical
 * violation. `screen` names the state in the failure message.
 */
export async function expectNoSeriousViolations(
  page: Page,
  screen: string,
  { within, scope = 'all rules' }: { within?: string; scope?: AxeScope } = {},
): Promise<void> {
  await waitForQuietNetwork(page)
  // Let entrance animations settle so colours are final.
  await page.waitForTimeout(300)
  const builder = new AxeBuilder({ page })
    // Toasts come and go on their own timers; they are checked where they are tested.
    .exclude('.Toastify')
  if (scope === 'contrast only') builder.withRules(CONTRAST_RULES)
  else builder.withTags(TAGS)
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
  expect(serious, `axe (${scope}) on ${screen}`).toEqual([])
}

/**
 * The screen as it stands, in both themes of `size` (looks.ts, `inBothThemes`): axe on it where
 * `what` names it (all rules or contrast, `axeScopeFor`), and a screenshot for a person to look
 * at where `shot` names it, `<shot>-<look>.png` in SHOTS_DIR.
 */
export async function checkInBothThemes(
  page: Page,
  size: Size,
  {
    what,
    shot,
    within,
    fullPage = false,
    still = false,
  }: {
    what?: string
    shot?: string
    within?: string
    fullPage?: boolean
    /** Transitions finished first: a button just enabled is not caught half faded in. */
    still?: boolean
  },
): Promise<void> {
  await waitForQuietNetwork(page)
  await inBothThemes(page, size, async (look) => {
    if (what) {
      await expectNoSeriousViolations(page, `${what} (${look.name})`, {
        scope: axeScopeFor(look),
        ...(within ? { within } : {}),
      })
    }
    if (shot) {
      await page.screenshot({
        path: `${SHOTS_DIR}/${shot}-${look.name}.png`,
        fullPage,
        ...(still ? { animations: 'disabled' as const } : {}),
      })
    }
  })
}
