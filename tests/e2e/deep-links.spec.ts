/**
 * Every route of the built app, signed out, opens from the address bar and survives a reload
 * (deep-links.ts; signed in: deep-links-signed-in.spec.ts), and the build served is the one that
 * ships.
 */
import { expect, test } from './fixtures'
import { freshPage, testEveryRoute } from './deep-links'
import { loginDemoViaApi, waitForQuietNetwork } from './helpers'

testEveryRoute(false)

// prefetch-home.ts asks for the feed before the app has rendered; the app then reads that answer
// instead of asking again, and the feed's list does not reload it when it mounts.
test('signed in, /home asks the server for its feed once per load and shows it', async ({
  browser,
  demoUrl,
}) => {
  const page = await freshPage(browser, demoUrl, true)
  const feedCalls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/feed') feedCalls.push(request.url())
  })
  await page.goto('/home')
  await expect(page.locator('article.post-card').first()).toBeVisible()
  expect(feedCalls).toEqual([`${demoUrl}/api/feed?limit=20`])
  await page.reload()
  await expect(page.locator('article.post-card').first()).toBeVisible()
  // Whatever else the page does next (live stream, suggestions) is not another feed load.
  await waitForQuietNetwork(page)
  expect(feedCalls).toHaveLength(2)
  await page.context().close()
})

test('the served build is the production one: absolute asset paths, minified', async ({
  request,
}) => {
  const html = await (await request.get('/post/1/')).text()
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1])
  expect(scripts.length).toBeGreaterThan(0)
  for (const src of scripts) {
    expect(src).toMatch(/^\/assets\//)
    const code = await (await request.get(src ?? '')).text()
    // Minified: long lines (only template literals keep their line breaks), unlike the
    // readable development build's ~40 characters a line.
    expect(code.length / code.split('\n').length).toBeGreaterThan(200)
  }
  const missing = await request.get('/assets/not-a-file.js')
  expect(missing.status()).toBe(404)
})

test('a browser gets the app’s scripts and styles compressed, kept for a year', async ({
  page,
}) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // What the browser itself counted for the page's own script and stylesheet: bytes on the wire
  // against bytes after decoding.
  const firstLoad = await page.evaluate(() => {
    const urls = new Set(
      [...document.querySelectorAll('script[src], link[rel="stylesheet"]')].map(
        (element) => (element as HTMLScriptElement).src || (element as HTMLLinkElement).href,
      ),
    )
    return performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => urls.has(entry.name))
      .map(({ name, encodedBodySize, decodedBodySize }) => ({
        name,
        encodedBodySize,
        decodedBodySize,
      }))
  })
  // The bundle and its stylesheet, and any stylesheet a lazily loaded part added since.
  expect(firstLoad.some((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))).toBe(true)
  expect(firstLoad.some((entry) => /\/assets\/index-[\w-]+\.css$/.test(entry.name))).toBe(true)
  for (const entry of firstLoad) {
    expect(entry.decodedBodySize).toBeGreaterThan(0)
    expect(entry.encodedBodySize).toBeLessThan(entry.decodedBodySize / 2)
  }
  const script = firstLoad.find((entry) => entry.name.endsWith('.js'))
  const answer = await page.request.get(script?.name ?? '', {
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  })
  expect(answer.headers()['content-encoding']).toBe('br')
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('an unknown profile or post shows an error with a retry', async ({ page }) => {
  await loginDemoViaApi(page)
  await page.goto('/nobody_here_123')
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
  await page.goto('/post/999999')
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
})
