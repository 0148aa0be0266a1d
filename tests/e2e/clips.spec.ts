import { type Page } from '@playwright/test'
import sharp from 'sharp'
import { axeScopeFor, checkInBothThemes, expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { loginViaApi, longName, signupViaApi, uniqueName, waitForQuietNetwork } from './helpers'
import { E2E_HOST } from './host-account'
import { expectNoSidewaysScroll, inBothThemes, shoot, SHOTS_DIR, sizes } from './looks'

/**
 * Clips and screenshots of any size, in both themes on a desktop and
 * a 390 px phone with a 30-character username and a long unbroken word: a real WebM recorded in
 * the page (MediaRecorder on a canvas: what a browser makes, with no Duration and unknown
 * sizes), and a PNG far over 5 MB that the composer shrinks and says so; the clip plays in
 * place, muted, never by itself; axe on the post. Then a draft keeps its uploaded images across
 * closing, reopening and a reload.
 */
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(3)

/** A one-second VP8 WebM, recorded by the page from an animated canvas. */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 320
    canvas.height = 180
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no canvas')
    const stream = canvas.captureStream(30)
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start(100)
    const started = performance.now()
    await new Promise<void>((resolve) => {
      const frame = () => {
        const t = performance.now() - started
        context.fillStyle = '#1e3a8a'
        context.fillRect(0, 0, 320, 180)
        context.fillStyle = '#f59e0b'
        context.fillRect((t / 4) % 320, 60, 60, 60)
        if (t < 1200) requestAnimationFrame(frame)
        else resolve()
      }
      frame()
    })
    recorder.stop()
    await stopped
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
    let text = ''
    for (const byte of bytes) text += String.fromCharCode(byte)
    return btoa(text)
  })
  return Buffer.from(base64, 'base64')
}

/** A screenshot that does not compress: noise, so its PNG is far over the 5 MB limit. */
function hugePng(): Promise<Buffer> {
  const width = 2400
  const height = 1350
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

for (const size of sizes()) {
  test(`a clip and a huge screenshot in a post, on the ${size.name}`, async ({ page }) => {
    test.setTimeout(150_000)
    await page.setViewportSize(size.viewport)
    const shots = (screen: string) => checkInBothThemes(page, size, { shot: screen, still: true })
    const name = longName('clip')
    const { encodedToken } = await signupViaApi(page, name)
    const clipLimit = await page.request.get('/api/media/clip-limit', {
      headers: { authorization: encodedToken },
    })
    const { maxBytes } = (await clipLimit.json()) as { maxBytes: number }
    const webm = await recordWebm(page)
    const png = await hugePng()
    expect(png.length).toBeGreaterThan(5 * 1024 * 1024)

    await page
      .getByRole('button', { name: /^New post$/i })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: 'New Post' })
    // Before anything is picked, the composer says what it takes, with the host's clip limit.
    const limits = `Images up to 5 MB are sent as they are; larger ones are shrunk. Clips: MP4 or WebM, up to 60 s and ${maxBytes / (1024 * 1024)} MB.`
    await expect(dialog.getByText(limits)).toBeVisible()
    await expect(
      dialog.getByRole('button', { name: 'Add images or clips' }),
    ).toHaveAccessibleDescription(limits)
    await expectNoSidewaysScroll(page)
    await shots('clips-composer-limits')
    await dialog.getByRole('textbox', { name: 'Post text' }).fill(`Ace round ${LONG_WORD} gg`)
    await dialog.getByLabel('Image files').setInputFiles([
      { name: 'ace.webm', mimeType: 'video/webm', buffer: webm },
      { name: 'screenshot.png', mimeType: 'image/png', buffer: png },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not media') },
    ])
    // The text file is refused at once, by name, and takes no slot.
    await expect(dialog.getByRole('alert').first()).toHaveText(
      'notes.txt is not an image or a clip: attach PNG, JPEG, WebP or GIF images, or MP4 or WebM videos.',
    )
    await expect(dialog.locator('.attachment')).toHaveCount(2)
    // The screenshot is shrunk before it is sent, and the composer says how.
    await expect(
      dialog.getByText(/^screenshot\.png was \d+\.\d MB, sent at \d+×\d+, \d\.\d MB$/),
    ).toBeVisible({
      timeout: 60_000,
    })
    // The clip shows a poster: the frame the app drew from the video, or, where a busy browser
    // gave up drawing it (clip-poster.ts), the server's once the clip is uploaded.
    await expect(
      dialog.locator('.attachment').first().locator('img.attachment-preview'),
    ).toHaveCount(1, { timeout: 60_000 })
    await dialog.getByLabel('Alt text for clip 1').fill(LONG_WORD)
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled({ timeout: 60_000 })
    await expectNoSidewaysScroll(page)
    await shots('clips-composer')

    await dialog.getByRole('button', { name: 'Post' }).click()
    await expect(dialog).toHaveCount(0)
    const card = page.getByRole('article', { name: `Post by ${name}` }).first()
    const video = card.getByLabel(`Clip 1 of 2: ${LONG_WORD}`)
    await expect(video).toBeVisible()
    await expect(video).toHaveJSProperty('muted', true)
    await expect(video).toHaveJSProperty('paused', true)
    await expect(video).toHaveJSProperty('controls', true)
    await expect(video).toHaveJSProperty('autoplay', false)
    await expect(card.getByRole('button', { name: /^Open image 2 of 2/ })).toBeVisible()
    await card.scrollIntoViewIfNeeded()
    await waitForQuietNetwork(page)
    await expectNoSidewaysScroll(page)
    await inBothThemes(page, size, async (look) => {
      await shoot(page, { path: `${SHOTS_DIR}/clips-post-${look.name}.png` })
      await expectNoSeriousViolations(page, `a post with a clip (${look.name})`, {
        within: '.post-card',
        scope: axeScopeFor(look),
      })
    })

    // The server answers the clip in ranges: a player can seek.
    const src = await video.evaluate(
      (element) => (element as HTMLVideoElement).currentSrc || (element as HTMLVideoElement).src,
    )
    const part = await page.request.get(src, { headers: { range: 'bytes=0-3' } })
    expect(part.status()).toBe(206)
    expect(part.headers()['content-type']).toBe('video/webm')
    expect([...(await part.body())]).toEqual([0x1a, 0x45, 0xdf, 0xa3])
  })
}

test('a draft keeps its uploaded images across closing, reopening and a reload', async ({
  page,
}) => {
  await signupViaApi(page, uniqueName('dimg'))
  const newPost = page.getByRole('button', { name: 'New Post', exact: true }).first()
  await newPost.click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await dialog.getByRole('textbox', { name: 'Post text' }).fill('boss down')
  const image = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#7c3aed' },
  })
    .png()
    .toBuffer()
  await dialog
    .getByLabel('Image files')
    .setInputFiles([{ name: 'boss.png', mimeType: 'image/png', buffer: image }])
  await dialog.getByLabel('Alt text for image 1').fill('The boss on its knees')
  await expect(dialog.getByRole('progressbar')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await dialog.getByRole('button', { name: 'Close, keep draft' }).click()
  await expect(dialog).toHaveCount(0)

  await newPost.click()
  await expect(dialog.getByLabel('Alt text for image 1')).toHaveValue('The boss on its knees')
  await page.keyboard.press('Escape')
  await dialog.getByRole('button', { name: 'Close, keep draft' }).click()

  await page.reload()
  await newPost.click()
  await expect(dialog.getByRole('textbox', { name: 'Post text' })).toHaveValue('boss down')
  await expect(dialog.getByLabel('Alt text for image 1')).toHaveValue('The boss on its knees')
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(dialog).toHaveCount(0)
  const card = page.getByRole('article').first()
  await expect(
    card.getByRole('button', { name: 'Open image 1 of 1: The boss on its knees' }),
  ).toBeVisible()
  // Posted: the draft is gone, images and all.
  await newPost.click()
  await expect(dialog.locator('.attachment')).toHaveCount(0)
})

for (const size of sizes()) {
  test(`the host sets the clip size limit on the Server page, on the ${size.name}`, async ({
    page,
  }) => {
    await page.setViewportSize(size.viewport)
    await loginViaApi(page, E2E_HOST.username, E2E_HOST.password)
    await page.goto('/server')
    const card = page.getByRole('region', { name: 'Clips' })
    const field = card.getByRole('spinbutton', { name: 'Largest clip, in MB' })
    await expect(field).toHaveValue(/^\d+$/)
    await field.fill('0')
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(card.getByRole('alert')).toHaveText(
      'Type a whole number of megabytes from 1 to 500.',
    )
    await field.fill('80')
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Clips can now be up to 80 MB.')).toBeVisible()
    // The composer says the host's limit as it now is, before a clip is picked.
    await page
      .getByRole('button', { name: /^New post$/i })
      .first()
      .click()
    const composer = page.getByRole('dialog', { name: 'New Post' })
    await expect(
      composer.getByText(
        'Images up to 5 MB are sent as they are; larger ones are shrunk. Clips: MP4 or WebM, up to 60 s and 80 MB.',
      ),
    ).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(composer).toHaveCount(0)
    await expect(
      page.getByRole('list').getByText('set the clip size limit to 80 MB').first(),
    ).toBeVisible()
    await card.scrollIntoViewIfNeeded()
    await waitForQuietNetwork(page)
    await expectNoSidewaysScroll(page)
    await inBothThemes(page, size, async (look) => {
      await shoot(page, { path: `${SHOTS_DIR}/clips-server-limit-${look.name}.png` })
      await expectNoSeriousViolations(page, `the clip size limit (${look.name})`, {
        within: '[aria-labelledby="clip-limit-title"]',
        scope: axeScopeFor(look),
      })
    })
    // Back to the default for the other tests.
    await field.fill('50')
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Clips can now be up to 50 MB.')).toBeVisible()
  })
}
