/**
 * Home's "N new posts" pill and the banner of a dropped live stream, in both themes on a phone
 * and in the dark theme on a desktop: the stream is played by the test. Screenshots for a person
 * to look at go to GAMERSTAGE_SHOTS (default test-results/shots).
 */
import { expect, test } from './fixtures'
import { expectNoSeriousViolations } from './axe'
import type { Post } from '../../src/shared/api-types'
import { signupViaApi, uniqueName } from './helpers'
import { demoAuthor, writeAs } from './live-helpers'
import { shoot } from './looks'

const dir = process.env.GAMERSTAGE_SHOTS ?? 'test-results/shots'

/**
 * Longer than the app's grace before the banner, its notice time after (live/start.ts:
 * DROP_GRACE_MS, BACK_NOTICE_MS) and its longest wait before a retry (live/stream.ts,
 * MAX_RETRY_MS): the test moves the page's clock on by this instead of waiting.
 */
const PAST_THE_APPS_TIMERS_MS = 10_000

const shotVariants = [
  { name: 'phone-light', theme: 'light', viewport: { width: 390, height: 844 } },
  { name: 'phone-dark', theme: 'dark', viewport: { width: 390, height: 844 } },
  { name: 'desktop-dark', theme: 'dark', viewport: { width: 1280, height: 900 } },
] as const

for (const variant of shotVariants) {
  test(`Home with new posts and a dropped stream, ${variant.name}`, async ({ page, request }) => {
    await page.setViewportSize(variant.viewport)
    // The page's clock runs as a real one, but the test moves it on past the banner's grace and
    // notice times instead of waiting them out (about ten idle seconds a variant).
    await page.clock.install()
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), variant.theme)
    // The stream is played by the test: first a connection that brings three new posts and
    // ends, then a server that refuses to stream (503) until the test lets it through.
    let armed = false
    let streamed = 0
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let body = ''
    await page.route('**/api/events', async (route) => {
      // Until then, a server without the stream: the app does not even retry.
      if (!armed) return route.fulfill({ status: 404, json: { errors: ['Not Found'] } })
      streamed += 1
      if (streamed === 1) {
        await gate
        return route.fulfill({ status: 200, contentType: 'text/event-stream', body })
      }
      return route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        json: { errors: ['The server is restarting.'] },
      })
    })

    const name = uniqueName('x').padEnd(30, 'w').slice(0, 30)
    await signupViaApi(page, name)
    const author = await demoAuthor(request)
    await page.goto(`/${author.foundUser.username}`)
    await page.getByRole('button', { name: `Follow ${author.foundUser.username}` }).click()
    await expect(
      page.getByRole('button', { name: `Following ${author.foundUser.username}` }),
    ).toBeVisible()
    // The button shows the follow at once; the stored session learns it from the server's
    // answer, which the navigation below would cut off (then Home's pill leaves their posts out).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('user') ?? ''))
      .toContain(`"username":"${author.foundUser.username}"`)
    // A feed longer than the screen, to read further down in.
    for (const content of ['Warm-up round one', 'Warm-up round two', 'Warm-up round three']) {
      await writeAs(request, author.encodedToken, content)
    }
    armed = true
    await page.goto('/home')
    await expect(page.getByRole('article').first()).toBeVisible()

    const posts: Post[] = []
    for (const content of [
      'Ranked tonight at 9, who is in? Bring snacks #lan',
      'New personal best on the speedrun: 41:07',
      'Server is up, join with the address on the Server page',
    ]) {
      posts.push(await writeAs(request, author.encodedToken, content))
    }
    body =
      'retry: 1000\n\nid: shot-0\nevent: ready\ndata: {}\n\n' +
      posts
        .map((post, i) => `id: shot-${i + 1}\nevent: post\ndata: ${JSON.stringify({ post })}\n\n`)
        .join('')
    release()

    const pill = page.getByRole('button', { name: '3 new posts' })
    await expect(pill).toBeVisible()
    // The stream has dropped: a drop shorter than the grace time shows no banner.
    const paused = page.getByRole('status').filter({ hasText: 'Live updates paused' })
    await expect(paused).toHaveCount(0)
    await page.clock.fastForward(PAST_THE_APPS_TIMERS_MS)
    await expect(paused).toBeVisible()
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await shoot(page, { path: `${dir}/live-pill-dropped-${variant.name}.png` })
    // The pill and the banner pass axe, as every screen does (a11y.spec.ts). The stream's
    // retries keep the network busy: nothing else is loading.
    await expectNoSeriousViolations(page, `the pill and a dropped stream (${variant.name})`, {
      networkSettled: true,
    })
    // Read further down: the pill stays in sight, below the top bar.
    await page.mouse.wheel(0, 700)
    await expect
      .poll(async () => {
        const [pillBox, barBox] = [
          await pill.boundingBox(),
          await page.locator('.topbar').boundingBox(),
        ]
        return Boolean(
          pillBox && barBox && pillBox.y >= barBox.y + barBox.height && pillBox.y < 400,
        )
      })
      .toBe(true)
    await shoot(page, { path: `${dir}/live-pill-scrolled-${variant.name}.png` })

    // The server streams again: the banner says so, then goes.
    await page.unroute('**/api/events')
    const back = page.getByRole('status').filter({ hasText: 'Live updates are back.' })
    await page.clock.fastForward(PAST_THE_APPS_TIMERS_MS)
    await expect(back).toBeVisible()
    await shoot(page, { path: `${dir}/live-back-${variant.name}.png` })
    await page.clock.fastForward(PAST_THE_APPS_TIMERS_MS)
    await expect(back).toHaveCount(0)

    await pill.click()
    await expect(page.getByRole('article').first()).toContainText(posts[2]?.content ?? '')
    await shoot(page, { path: `${dir}/live-shown-${variant.name}.png` })
  })
}
