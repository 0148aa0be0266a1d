import { closeSync, mkdirSync, openSync, truncateSync } from 'node:fs'
import { dirname } from 'node:path'
import { expect, test } from './fixtures'
import { openComposer, uniqueName } from './helpers'
import { DESKTOP, PHONE } from './looks'
import { apiUser, signedInContext } from './notify-helpers'

/**
 * A clip over the host's limit is refused in the New Post dialog at once, by name, before any
 * upload starts: on a desktop and on a 390 px phone.
 */

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a clip over the host's limit is refused at once, by name (${size})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    const me = await apiUser(request, uniqueName('clipper'))
    const limit = await request.get('/api/media/clip-limit', {
      headers: { authorization: me.token },
    })
    expect(limit.status()).toBe(200)
    const { maxBytes } = (await limit.json()) as { maxBytes: number }
    const context = await signedInContext(browser, demoUrl, me, { viewport })
    const page = await context.newPage()
    await page.goto('/home')
    await openComposer(page)
    const dialog = page.getByRole('dialog', { name: 'New Post' })
    await expect(dialog.getByRole('button', { name: 'Add images or clips' })).toBeVisible()
    let uploads = 0
    page.on('request', (sent) => {
      if (sent.url().includes('/api/media/clips')) uploads += 1
    })
    // A file one byte over the limit (sparse: no disk is written), named as a player's clip.
    const clip = test.info().outputPath('ace-clutch.mp4')
    mkdirSync(dirname(clip), { recursive: true })
    closeSync(openSync(clip, 'w'))
    truncateSync(clip, maxBytes + 1)
    await dialog.getByLabel('Image files').setInputFiles(clip)
    const megabytes = `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`
    await expect(dialog.getByRole('alert')).toHaveText(
      `ace-clutch.mp4 is too large for this server: clips can be up to ${megabytes}.`,
    )
    // It took no slot and nothing was sent.
    await expect(dialog.locator('.attachment')).toHaveCount(0)
    expect(uploads).toBe(0)
    await context.close()
  })
}
