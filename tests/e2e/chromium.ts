import { existsSync } from 'node:fs'

/** Debian's Chromium headless shell (the `chromium-headless-shell` package). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * The browser the suite runs in: Debian's Chromium, since `npx playwright install` cannot
 * download one here. Its headless shell when installed (.ci/run installs it): it draws no window
 * and spends about a quarter less CPU over the suite than the whole browser, which is what a
 * 2-core machine runs out of. CHROMIUM_PATH picks another, e.g. `/usr/bin/chromium` to watch a
 * run with `--headed`.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')
