import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { uniqueName, signupViaApi } from './helpers'
import { apiPost, apiUser } from './notify-helpers'
import { spawnServer } from './spawn-server'

/**
 * The "Some amazing people" panel: following from it fills an empty home feed, for good.
 *
 * On a server of its own: the panel lists the most followed first, and on the worker's shared
 * servers that is whoever earlier tests happened to follow, so which players it offers would
 * depend on the order the specs ran in.
 */
test('following from "Some amazing people" fills the home feed', async ({ browser, ports }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-e2e-who-to-follow-'))
  const server = await spawnServer(ports.fresh, dataDir)
  const context = await browser.newContext({ baseURL: server.url })
  try {
    const author = await apiUser(context.request, uniqueName('author'))
    await apiPost(context.request, author.token, 'GG everyone, who is up for a rematch?')
    const page = await context.newPage()
    await signupViaApi(page, uniqueName('sidebar'))
    await expect(page.getByText('Follow some people to get started')).toBeVisible()

    const panel = page.getByRole('complementary', { name: 'Some amazing people' })
    await panel.getByRole('button', { name: `Follow ${author.username}` }).click()
    await expect(panel.getByRole('button', { name: `Following ${author.username}` })).toBeVisible()
    const post = page.getByRole('article', { name: `Post by ${author.username}` })
    await expect(post).toContainText('who is up for a rematch?')
    await expect(page.getByText('Follow some people to get started')).toHaveCount(0)

    // The follow is the server's truth: it survives a reload.
    await page.reload()
    await expect(post).toBeVisible()
    await expect(panel.getByRole('button', { name: `Follow ${author.username}` })).toHaveCount(0)
  } finally {
    await context.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
