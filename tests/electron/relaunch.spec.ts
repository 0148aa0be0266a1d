import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, expectLoginPage, signUp, test, uniqueName, writePost } from './fixtures'

test('sign up, post and like; all of it is still there after quitting and relaunching', async ({
  launchApp,
  newUserDataDir,
}) => {
  const userDataDir = newUserDataDir()
  const name = uniqueName('relaunch')
  const text = `Still here after a restart ${Date.now()}`

  const first = await launchApp(userDataDir)
  await signUp(first.page, name)
  await writePost(first.page, text)
  const post = first.page
    .getByRole('article', { name: `Post by ${name}` })
    .filter({ hasText: text })
  await post.getByRole('button', { name: 'Like' }).click()
  await expect(post.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true')
  await expect(post.getByRole('button', { name: 'Unlike' })).toContainText('1')
  const origin = new URL(first.page.url()).origin

  await first.app.close()
  expect(first.app.process().exitCode).toBe(0)
  // A clean close: SQLite folds the write-ahead log back into the database and deletes it when
  // the last connection closes, so a leftover -wal file means the database was not closed.
  expect(existsSync(join(userDataDir, 'data', 'gamerstage.db'))).toBe(true)
  expect(existsSync(join(userDataDir, 'data', 'gamerstage.db-wal'))).toBe(false)

  const second = await launchApp(userDataDir)
  // Still signed in: the embedded server took last time's port, so the window's origin (and its
  // stored session) is the same.
  await expect(second.page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  expect(new URL(second.page.url()).origin).toBe(origin)
  const again = second.page
    .getByRole('article', { name: `Post by ${name}` })
    .filter({ hasText: text })
  await expect(again).toBeVisible()
  await expect(again.getByRole('button', { name: 'Unlike' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(again.getByRole('button', { name: 'Unlike' })).toContainText('1')
})

test('the theme and the window size survive a relaunch', async ({ launchApp, newUserDataDir }) => {
  const userDataDir = newUserDataDir()

  const first = await launchApp(userDataDir)
  await expectLoginPage(first.page)
  // A fresh profile starts dark (src/renderer/src/state/theme.ts).
  await expect(first.page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await first.page.getByRole('button', { name: 'Switch to light theme' }).click()
  await expect(first.page.locator('html')).toHaveAttribute('data-theme', 'light')

  // As a person dragging the window's edges would: smaller than the default 1200×820, and on
  // every runner's screen (Windows runners have 1024×768).
  await first.app.evaluate(({ BrowserWindow }) =>
    BrowserWindow.getAllWindows()[0]?.setBounds({ x: 40, y: 60, width: 840, height: 620 }),
  )
  // What the main process saves on close (src/main/index.ts): the normal, unmaximized bounds.
  const saved = await first.app.evaluate(
    ({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getNormalBounds() ?? null,
  )
  expect(saved).toMatchObject({ width: 840, height: 620 })
  await first.app.close()
  const settings = JSON.parse(readFileSync(join(userDataDir, 'settings.json'), 'utf8')) as {
    windowBounds: unknown
  }
  expect(settings.windowBounds).toEqual({ ...saved, maximized: false })

  const second = await launchApp(userDataDir)
  await expectLoginPage(second.page)
  await expect(second.page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(second.page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible()
  expect(
    await second.app.evaluate(
      ({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getNormalBounds() ?? null,
    ),
  ).toEqual(saved)
})
