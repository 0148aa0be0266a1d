/**
 * `npm run bench:ui [-- --runs N]`: how soon the first posts are visible on /home, from a fresh
 * browser profile against a warm server (the server that ships, seeded with the demo data).
 * Prints the median and every run, and writes bench/results/ui-latest.json. A figure to watch,
 * not a test: nothing here passes or fails on time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { ensureBuilt } from '../scripts/build-stale'
import { SESSION_COOKIE } from '../src/shared/first-screen'
import { startServerProcess } from './run-bench'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' } } })
const runs = Math.max(1, Math.min(50, Number(values.runs) || 9))
/**
 * The browser's own address-bar popups, which Chromium 156 builds as web pages for every new
 * window. A fresh context is a new (headless, so never seen) window, and their two renderers
 * loaded some 140 modules on this machine's two cores while /home loaded: the first post came
 * 150–260 ms later with them (docs/PERFORMANCE.md, "The browser's own pages"). A user's window
 * has built them long before they open Gamerstage in it; the desktop window has no address bar.
 */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']
/** How the page tells the bench its first post was painted (a console message, see below). */
const FIRST_POST_MESSAGE = 'gamerstage-bench:first-post-painted:'

await ensureBuilt()
const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-ui-bench-'))
// The demo data: the demo account's feed is what a first start shows.
const { child, url } = await startServerProcess(dataDir, [])

try {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'player1', password: 'gamerstage' }),
  })
  const session = (await login.json()) as { foundUser: unknown; encodedToken: string }
  if (!session.encodedToken) throw new Error(`Login failed: ${JSON.stringify(session)}`)

  // Warm the server on what is measured: the signed-in /home, drawn (the session cookie, and
  // compressed as a browser takes it), and the feed the app asks for once it has taken over. A
  // group's server has answered these many times; five, as it once did, left the drawing
  // code barely compiled (a drawn /home took 14 ms then, 5 ms after a hundred).
  for (let i = 0; i < 100; i += 1) {
    await (
      await fetch(`${url}/home`, {
        headers: {
          cookie: `${SESSION_COOKIE}=${session.encodedToken}`,
          'accept-encoding': 'gzip, deflate, br',
        },
      })
    ).text()
    await (
      await fetch(`${url}/api/feed?limit=20`, { headers: { authorization: session.encodedToken } })
    ).text()
  }

  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ]
  const browser = await chromium.launch({
    executablePath,
    args: [...args, await disableFeatures(executablePath, args, BROWSER_UI_FEATURES)],
  })
  const timings: number[] = []
  // The browser's own pages seen beside a measured one (BROWSER_UI_FEATURES): none, unless a
  // Chromium renames those features or adds another such page.
  const browserSession = await browser.newBrowserCDPSession()
  const browserUiPages = new Set<string>()
  try {
    // One throwaway run warms the browser binary itself (disk cache, shader compilation).
    for (let run = 0; run <= runs; run += 1) {
      // A fresh context is a fresh profile: empty cache, empty storage.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      // A signed-in browser holds its session as the app keeps it: in storage, and in the cookie
      // the server draws the first screen with (src/shared/first-screen.ts).
      await context.addCookies([{ name: SESSION_COOKIE, value: session.encodedToken, url }])
      await context.addInitScript(
        ([token, user]) => {
          // Runs in the page; this file is typed for Node, which has no localStorage.
          const storage = (globalThis as unknown as { localStorage: Map<string, string> })
            .localStorage as unknown as { setItem: (key: string, value: string) => void }
          storage.setItem('token', token)
          storage.setItem('user', user)
        },
        [session.encodedToken, JSON.stringify(session.foundUser)] as const,
      )
      // The browser itself says when the first post's text was painted: the Element Timing API
      // (PostCard marks the text `elementtiming="post-content"`). A requestAnimationFrame after
      // the card entered the DOM, used before 2026-11-23, fired before that frame's style, layout
      // and raster: 200–300 ms early on this machine, and early by more for heavier pages.
      // The page reports it as a console message, which the bench only listens for: waiting with
      // Playwright's locators or waitForFunction instead, as this bench first did, evaluates
      // Playwright's injected script and polls inside the page while it loads: it made the very
      // page it measured 60–80 ms slower here (docs/PERFORMANCE.md, "Measuring without slowing the page").
      await context.addInitScript((prefix) => {
        const page = globalThis as unknown as {
          PerformanceObserver: new (
            callback: (list: {
              getEntries: () => { identifier?: string; renderTime: number; loadTime: number }[]
            }) => void,
          ) => { observe: (options: { type: string; buffered: boolean }) => void }
          console: { debug: (message: string) => void }
        }
        let reported = false
        new page.PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.identifier !== 'post-content' || reported) continue
            reported = true
            page.console.debug(`${prefix}${entry.renderTime || entry.loadTime}`)
          }
        }).observe({ type: 'element', buffered: true })
      }, FIRST_POST_MESSAGE)
      const page = await context.newPage()
      const [firstPost] = await Promise.all([
        page.waitForEvent('console', {
          predicate: (message) => message.text().startsWith(FIRST_POST_MESSAGE),
          timeout: 30_000,
        }),
        page.goto(`${url}/home`, { waitUntil: 'commit' }),
      ])
      // Milliseconds since the navigation started (the page's time origin).
      const visibleAt = Number(firstPost.text().slice(FIRST_POST_MESSAGE.length))
      if (!Number.isFinite(visibleAt)) throw new Error('The page noted no first post.')
      // Only once measured: the post painted is a post of the feed, on screen.
      await page.locator('article.post-card').first().waitFor({ state: 'visible' })
      if (run > 0) timings.push(visibleAt)
      const { targetInfos } = await browserSession.send('Target.getTargets')
      for (const target of targetInfos) {
        if (target.type === 'browser_ui') browserUiPages.add(target.url)
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }

  const sorted = [...timings].sort((a, b) => a - b)
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN
  const report = {
    measuredAt: new Date().toISOString(),
    what: "first post's text painted on /home (Element Timing renderTime), fresh browser profile signed in (token in storage and in the first-screen cookie), warm server (ms since navigation start)",
    runs: timings.length,
    medianMs: Math.round(median),
    minMs: Math.round(sorted[0] ?? NaN),
    maxMs: Math.round(sorted[sorted.length - 1] ?? NaN),
    allMs: timings.map((t) => Math.round(t)),
    browserUiPages: [...browserUiPages],
  }
  console.log(`First posts visible on /home: median ${report.medianMs} ms over ${report.runs} runs`)
  console.log(`  min ${report.minMs} ms, max ${report.maxMs} ms; all: ${report.allMs.join(', ')}`)
  if (report.browserUiPages.length > 0) {
    console.log(
      `  The browser loaded its own pages beside the measured ones, which the figure includes: ${report.browserUiPages.join(', ')}`,
    )
  }
  const dir = fileURLToPath(new URL('./results/', import.meta.url))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'ui-latest.json'), `${JSON.stringify(report, null, 2)}\n`)
  console.log(`Written to bench/results/ui-latest.json`)
} finally {
  child.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}

/**
 * The `--disable-features` switch that adds `features` to those Playwright already disables.
 * Chromium keeps only the last of a repeated switch, so a second one would switch Playwright's
 * own list (its background network calls among them) back on: read that list off the command
 * line Playwright builds, from a browser started for that alone.
 */
async function disableFeatures(
  executablePath: string,
  args: string[],
  features: string[],
): Promise<string> {
  const server = await chromium.launchServer({ executablePath, args })
  const launchedWith = server.process().spawnargs
  await server.close()
  const prefix = '--disable-features='
  // The last one, as Chromium reads it.
  const playwrights = launchedWith.findLast((arg) => arg.startsWith(prefix))?.slice(prefix.length)
  const all = new Set([...(playwrights?.split(',') ?? []), ...features])
  all.delete('')
  return `${prefix}${[...all].join(',')}`
}
