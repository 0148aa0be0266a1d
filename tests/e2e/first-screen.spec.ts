/**
 * A signed-in /home arrives from the server with its posts already in the page
 * (src/server/http/first-screen.ts), so they show before the app's code has loaded; the app then takes
 * the screen over. Checked against the build `npm run build` makes, with a page that runs no
 * JavaScript at all standing in for "before the app has loaded".
 */
import { type BrowserContext, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { uniqueName, signupViaApi } from './helpers'

const SESSION_COOKIE = 'gamerstage_session'

async function postAs(page: Page, content: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const response = await page.request.post('/api/posts', {
    data: { postData: { content } },
    headers: { authorization: token ?? '' },
  })
  expect(response.status()).toBe(201)
}

/** The same browser's cookies in a page that runs no script: what the server alone sends. */
async function withoutScripts(context: BrowserContext): Promise<Page> {
  const browser = context.browser()
  if (!browser) throw new Error('The context has no browser')
  const bare = await browser.newContext({ javaScriptEnabled: false })
  await bare.addCookies(await context.cookies())
  return bare.newPage()
}

/** The effects the first screen is painted without, as the page has them now. */
function paintedEffects(page: Page) {
  return page.evaluate(() => {
    const topBar = document.querySelector('.topbar')
    if (!topBar) throw new Error('No top bar on the page')
    return {
      glow: getComputedStyle(document.body, '::before').opacity,
      topBar: getComputedStyle(topBar).backdropFilter,
    }
  })
}

test('a signed-in /home comes with its posts drawn, and the app takes it over', async ({
  page,
  context,
}) => {
  const name = uniqueName('first')
  await signupViaApi(page, name)
  const content = `First screen ${uniqueName('word')}`
  await postAs(page, content)

  const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)
  expect(session?.sameSite).toBe('Strict')
  expect(session?.httpOnly).toBe(false)

  const bare = await withoutScripts(context)
  await bare.goto('/home')
  // Inert until the app takes over: seen, not yet usable (nor in the accessibility tree).
  const drawn = bare.locator('#root > [data-first-screen][inert]')
  await expect(drawn.locator('h1')).toHaveText('Welcome Back...')
  await expect(drawn.getByText(content)).toBeVisible()
  await expect(drawn.locator(`a.username-link[href="/${name}"]`)).toHaveText(name)
  // Painted light for a fast first frame (styles/first-screen.css): no glow yet, no frosted top
  // bar.
  expect(await paintedEffects(bare)).toEqual({ glow: '0', topBar: 'none' })
  await bare.context().close()

  // With scripts: the app replaces the drawn screen with its own (one card, not two) and works.
  await page.reload()
  const card = page.locator('article.post-card').filter({ hasText: content })
  await expect(card).toHaveCount(1)
  await expect(page.locator('article.post-card')).toHaveCount(1)
  await expect(page.locator('[data-first-screen]')).toHaveCount(0)
  // The app's own screen has them all (the glow fades in).
  await expect.poll(() => paintedEffects(page)).toEqual({ glow: '1', topBar: 'blur(14px)' })
  await card.getByRole('button', { name: /^Like/ }).click()
  await expect(card.getByRole('button', { name: 'Unlike, 1 like' })).toBeVisible()
  await page.reload()
  await expect(
    page.locator('article.post-card').filter({ hasText: content }).getByRole('button', {
      name: 'Unlike, 1 like',
    }),
  ).toBeVisible()
})

test('the first screen follows the theme, and ends with the session', async ({ page, context }) => {
  await signupViaApi(page, uniqueName('theme'))
  await postAs(page, 'Drawn in the light')
  await page.getByRole('button', { name: /light theme/i }).click()

  let bare = await withoutScripts(context)
  await bare.goto('/home')
  await expect(bare.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(bare.getByText('Drawn in the light')).toBeVisible()
  await bare.context().close()

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE)

  bare = await withoutScripts(context)
  await bare.goto('/home')
  await expect(bare.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(bare.locator('article.post-card')).toHaveCount(0)
  await expect(bare.locator('#root')).toBeEmpty()
  await bare.context().close()
})
