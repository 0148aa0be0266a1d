import { expect, type Page } from '@playwright/test'

/** Where the screenshots for a person to look at go: GAMERSTAGE_SHOTS=/tmp/shots. */
export const SHOTS_DIR = process.env.GAMERSTAGE_SHOTS ?? 'test-results/shots'

/**
 * Specs that only take screenshots for a person to look at, asserting nothing of their own that
 * another spec does not, run only when asked for (GAMERSTAGE_SHOTS set, README "Tests"): they
 * took minutes of every run. Otherwise they report themselves skipped, with this reason.
 */
export const SHOTS_ONLY_ON_DEMAND = {
  skip: !process.env.GAMERSTAGE_SHOTS,
  reason: 'screenshots for a person to look at, on demand: set GAMERSTAGE_SHOTS=<folder>',
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
