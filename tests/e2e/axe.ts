import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import axe, { type AxeResults, type ElementContext, type RunOptions } from 'axe-core'
import { waitForQuietNetwork } from './helpers'
import { SHOTS_DIR, inBothThemes, shoot, type Look, type Size } from './looks'

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
 * (about 390 s of a run). Names, roles, labels and landmarks come from the same markup
 * in every look; the phone layout's own controls are checked by phone-layout.spec.ts and
 * mobile.spec.ts, and for contrast here.
 */
export function axeScopeFor(look: Look): AxeScope {
  return look.name === FULL_CHECK_LOOK ? 'all rules' : 'contrast only'
}

/**
 * axe-core's `axe.run` on the page, injected once per page load rather than on every check.
 * @axe-core/playwright's AxeBuilder injects its 1.3 MB source into the page on every call, and
 * again into a blank page it opens to merge the frames' results: several seconds a check on a
 * loaded 2-core machine, most of a look walk's time. The app draws no frames; a page that has one
 * still goes through AxeBuilder, which reaches into frames.
 */
async function runAxe(
  page: Page,
  { within, exclude }: { within?: string; exclude: string },
  options: RunOptions,
): Promise<AxeResults> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options(options).exclude(exclude)
    if (within) builder.include(within)
    return builder.analyze()
  }
  const context: ElementContext = { exclude: [exclude], ...(within ? { include: [within] } : {}) }
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
  if (!injected) await page.evaluate(axe.source)
  // The results cross back as JSON; typed here, not through evaluate's deep generic.
  const run = ({ context, options }: { context: ElementContext; options: RunOptions }) =>
    (window as unknown as { axe: typeof axe }).axe.run(context, options)
  const results: unknown = await page.evaluate(run, { context, options } as never)
  return results as AxeResults
}

/**
 * Brings every finite animation and transition on the page to its end (spinners that loop
 * forever are left alone), so that colours are final, not caught half faded from the other
 * theme. Finishing them, rather than waiting for them, spares each check the theme's fade
 * (about half a second a check on a loaded machine, hundreds of checks a run). Reading the
 * animations flushes styles, so a theme switched just before has started its transitions; one
 * that ends may start another, hence the rounds.
 */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (let round = 0; round < 20; round++) {
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .filter((animation) => animation.playState === 'running')
      if (running.length === 0) return
      for (const animation of running) animation.finish()
    }
  })
}

/**
 * axe-core on what the page shows now (only inside `within`, when given): no serious or critical
 * violation. `screen` names the state in the failure message.
 */
export async function expectNoSeriousViolations(
  page: Page,
  screen: string,
  {
    within,
    scope = 'all rules',
    networkSettled = false,
  }: {
    within?: string
    scope?: AxeScope
    /** The caller has just waited for a quiet network (checkInBothThemes): not again. */
    networkSettled?: boolean
  } = {},
): Promise<void> {
  if (!networkSettled) await waitForQuietNetwork(page)
  // Entrance animations and the theme's colour transitions over, so colours are final.
  await finishAnimations(page)
  const options: RunOptions = {
    runOnly:
      scope === 'contrast only'
        ? { type: 'rule', values: CONTRAST_RULES }
        : { type: 'tag', values: TAGS },
    // Only violations are read: passes and the rest keep one node each, not every element.
    resultTypes: ['violations'],
  }
  // Toasts come and go on their own timers; they are checked where they are tested.
  const results = await runAxe(
    page,
    { exclude: '.Toastify', ...(within ? { within } : {}) },
    options,
  )
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
        // Switching the theme loads nothing: the wait above holds for both looks.
        networkSettled: true,
        ...(within ? { within } : {}),
      })
    }
    if (shot) {
      await shoot(page, {
        path: `${SHOTS_DIR}/${shot}-${look.name}.png`,
        fullPage,
        ...(still ? { animations: 'disabled' as const } : {}),
      })
    }
  })
}
