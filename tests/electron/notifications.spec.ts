/**
 * System notifications on the desktop (docs/API.md, "Notification settings"): with the window in
 * the background, a mention from another player becomes a system notification (Electron's HTML
 * Notification is the system's), and clicking it brings the window back to the front on the post.
 * The window's Notification is wrapped to count what was shown and to click it, as a person would
 * in the system's tray; the real one still shows.
 */
import { expect, signUp, test } from './fixtures'

declare global {
  interface Window {
    shownNotifications?: { title: string; body: string; click: () => void }[]
  }
}

test('a mention while the window is in the background shows a system notification that opens the post', async ({
  desktop: { app, page },
}) => {
  await signUp(page, 'deskplayer')
  // Everything the app shows from now on is kept, with a way to click it.
  await page.evaluate(() => {
    const System = window.Notification
    window.shownNotifications = []
    class Recorded extends System {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options)
        window.shownNotifications?.push({
          title,
          body: options?.body ?? '',
          click: () => this.onclick?.call(this, new Event('click')),
        })
      }
    }
    window.Notification = Recorded
  })
  expect(await page.evaluate(() => Notification.permission)).toBe('granted')

  // The player switches to their game: the window goes to the background.
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.minimize())
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false)

  // A friend, on the same server, mentions them.
  const origin = new URL(page.url()).origin
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'deskfriend', password: 'desk-friend-1' }),
  })
  expect(signup.status).toBe(201)
  const { encodedToken } = (await signup.json()) as { encodedToken: string }
  const posted = await fetch(`${origin}/api/posts`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: encodedToken,
      prefer: 'return=minimal',
    },
    body: JSON.stringify({ postData: { content: '@deskplayer ranked in five?' } }),
  })
  expect(posted.status).toBe(201)
  const { post } = (await posted.json()) as { post: { _id: string } }

  await expect
    .poll(() => page.evaluate(() => window.shownNotifications?.map((shown) => shown.title)))
    .toEqual([expect.stringContaining('deskfriend')])
  const [shown] = await page.evaluate(() =>
    (window.shownNotifications ?? []).map(({ title, body }) => ({ title, body })),
  )
  expect(shown?.body).toContain('ranked in five?')

  // A click on it brings the window back, on the post.
  await page.evaluate(() => window.shownNotifications?.[0]?.click())
  await expect
    .poll(() =>
      app.evaluate(({ BrowserWindow }) => {
        const window = BrowserWindow.getAllWindows()[0]
        return window ? !window.isMinimized() && window.isVisible() : false
      }),
    )
    .toBe(true)
  await expect(page).toHaveURL(new RegExp(`/post/${post._id}$`))
})
