import { expect, type Locator, type Page, type PageScreenshotOptions } from '@playwright/test'

/** Where the screenshots for a person to look at go: GAMERSTAGE_SHOTS=/tmp/shots. */
export const SHOTS_DIR = process.env.GAMERSTAGE_SHOTS ?? 'test-results/shots'

/**
 * Specs that only take screenshots for a person to look at, asserting nothing of their own that
 * another spec does not, run only when asked for (GAMERSTAGE_SHOTS set, docs/testing.md): they
 * took minutes of every run. Otherwise they report themselves skipped, with this reason.
 */
export const SHOTS_ONLY_ON_DEMAND = {
  skip: !process.env.GAMERSTAGE_SHOTS,
  reason: 'screenshots for a person to look at, on demand: set GAMERSTAGE_SHOTS=<folder>',
}

/**
 * Whether screenshots are taken at all: only when a person asks for them (GAMERSTAGE_SHOTS set).
 * In CI nobody looks at them, and each one costs the browser a paint and a PNG encode.
 */
export const SHOTS_WANTED = Boolean(process.env.GAMERSTAGE_SHOTS)

/**
 * A screenshot of the page or of one element, taken only when asked for (SHOTS_WANTED). The
 * assertions around it run either way; an element not photographed must still be on screen, as
 * its screenshot would have required.
 */
export async function shoot(
  target: Page | Locator,
  options: PageScreenshotOptions & { path: string },
): Promise<void> {
  if ('goto' in target) {
    if (SHOTS_WANTED) await target.screenshot(options)
    return
  }
  if (SHOTS_WANTED) await target.screenshot(options)
  else await expect(target).toBeVisible()
}

export interface Viewport {
  width: number
  height: number
}

/** A theme on a screen size: the name goes into test titles and screenshot file names. */
export interface Look {
  name: string
  theme: 'light' | 'dark'
  viewport: Viewport
}

export const DESKTOP: Viewport = { width: 1280, height: 800 }
/** The phone size every screen is checked at. */
export const PHONE: Viewport = { width: 390, height: 844 }

/** Both themes on a desktop and on a phone: `light`, `dark`, `phone-light`, `phone-dark`. */
export function looks(desktop: Viewport = DESKTOP, phone: Viewport = PHONE): Look[] {
  return [
    { name: 'light', theme: 'light', viewport: desktop },
    { name: 'dark', theme: 'dark', viewport: desktop },
    { name: 'phone-light', theme: 'light', viewport: phone },
    { name: 'phone-dark', theme: 'dark', viewport: phone },
  ]
}

/** A screen size a look spec's flow runs at; each screen of it is then seen in both themes. */
export interface Size {
  name: 'desktop' | 'phone'
  viewport: Viewport
}

/** The desktop and the phone, for `test(… ${size.name} …)` and `inBothThemes`. */
export function sizes(desktop: Viewport = DESKTOP, phone: Viewport = PHONE): Size[] {
  return [
    { name: 'desktop', viewport: desktop },
    { name: 'phone', viewport: phone },
  ]
}

/** A size's two looks, light first: `light` and `dark`, or `phone-light` and `phone-dark`. */
export function looksOf(size: Size): Look[] {
  const prefix = size.name === 'phone' ? 'phone-' : ''
  return (['light', 'dark'] as const).map((theme) => ({
    name: `${prefix}${theme}`,
    theme,
    viewport: size.viewport,
  }))
}

/**
 * Runs `check` on the page as it stands, once in each theme of its size. The theme is switched
 * live through the system's colour scheme, which the app follows until a player picks one
 * (state/theme.ts, `followSystemTheme`). A theme changes colours, not behaviour: a flow runs
 * once per size, and every screen of it is still checked and photographed in both themes (four
 * runs of each flow took nearly half of the browser suite). Leaves the page dark, the suite's
 * default, so the flow goes on as it started.
 */
export async function inBothThemes(
  page: Page,
  size: Size,
  check: (look: Look) => Promise<void>,
): Promise<void> {
  for (const look of looksOf(size)) {
    await page.emulateMedia({ colorScheme: look.theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme)
    await check(look)
  }
}

/** Sizes the page and sets its theme for every page load from now on. */
export async function applyLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize(look.viewport)
  await page.addInitScript((theme) => localStorage.setItem('theme', theme), look.theme)
}

/** Nothing runs off the side of the page (no sideways scrolling). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'the page scrolls sideways').toBe(0)
}
