import { type Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import sharp from 'sharp'
import { decodedWidths, longName, waitForQuietNetwork, signupViaApi } from './helpers'
import { checkInBothThemes } from './axe'
import { expectNoSidewaysScroll, sizes } from './looks'

/**
 * Screenshots of posts with screenshots in them, for a person to look at
 * (GAMERSTAGE_SHOTS=/tmp/shots): the composer with three uploads, the card's thumbnail grid and
 * the lightbox, in both themes on a desktop and a phone, with a 30-character username and a long
 * unbroken word in the text and in an alt text. Each also checks that nothing runs off the side.
 */
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(3)

/** A stand-in for a game screenshot: a gradient with a caption, at the given size. */
function fakeScreenshot(width: number, height: number, from: string, to: string, caption: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="50%" font-family="sans-serif" font-size="${Math.round(height / 8)}"
      font-weight="bold" fill="white" text-anchor="middle">${caption}</text>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** Waits until every image in the scope has arrived and decoded, so the shot shows them. */
async function expectImagesDecoded(scope: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const widths = await decodedWidths(scope.locator('img'))
      return widths.length > 0 && widths.every((width) => width > 0)
    })
    .toBe(true)
}

for (const size of sizes()) {
  test(`posts with screenshots on the ${size.name}, in both themes`, async ({ page }) => {
    // One walk, each screen checked in both themes: what two tests of 60 s each did.
    test.setTimeout(120_000)
    await page.setViewportSize(size.viewport)
    // With transitions finished: a button just enabled is not caught half faded in.
    const shot = (screen: string) => checkInBothThemes(page, size, { shot: screen, still: true })
    const name = longName('pix')
    await signupViaApi(page, name)

    // "New Post" in the side column; "New post", the plus in the phone's bottom bar.
    await page
      .getByRole('button', { name: /^New post$/i })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: 'New Post' })
    await dialog
      .getByRole('textbox', { name: 'Post text' })
      .fill(`Clutch round last night ${LONG_WORD} gg`)
    await dialog.getByLabel('Image files').setInputFiles([
      {
        name: 'victory.png',
        mimeType: 'image/png',
        buffer: await fakeScreenshot(1600, 900, '#7c3aed', '#06b6d4', 'VICTORY'),
      },
      {
        name: 'loot.png',
        mimeType: 'image/png',
        buffer: await fakeScreenshot(900, 1600, '#f59e0b', '#ef4444', 'LOOT'),
      },
      {
        name: 'squad.png',
        mimeType: 'image/png',
        buffer: await fakeScreenshot(1200, 900, '#10b981', '#1e3a8a', 'SQUAD'),
      },
    ])
    await dialog.getByLabel('Alt text for image 1').fill('Victory screen after the final round')
    await dialog.getByLabel('Alt text for image 2').fill(LONG_WORD)
    await dialog.getByLabel('Alt text for image 3').fill('The squad in the lobby')
    await expectImagesDecoded(dialog)
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled()
    await expectNoSidewaysScroll(page)
    await shot('post-images-composer')

    await dialog.getByRole('button', { name: 'Post' }).click()
    await expect(dialog).toHaveCount(0)
    const card = page.getByRole('article', { name: `Post by ${name}` }).first()
    await expect(card.getByRole('button', { name: /^Open image/ })).toHaveCount(3)
    await expectImagesDecoded(card)
    await card.scrollIntoViewIfNeeded()
    await waitForQuietNetwork(page)
    await expectNoSidewaysScroll(page)
    await shot('post-images')

    await card.getByRole('button', { name: /^Open image 2 of 3/ }).click()
    const lightbox = page.getByRole('dialog', { name: 'Image 2 of 3' })
    await expectImagesDecoded(lightbox)
    // The whole portrait image fits on the screen, and so does its caption.
    const box = await lightbox.getByRole('img').boundingBox()
    expect(box?.y ?? Infinity, 'the top of the image is on screen').toBeGreaterThanOrEqual(0)
    expect((box?.y ?? 0) + (box?.height ?? Infinity)).toBeLessThanOrEqual(size.viewport.height)
    await expect(lightbox.getByText(LONG_WORD)).toBeInViewport()
    await expectNoSidewaysScroll(page)
    await shot('post-images-lightbox')
    await page.keyboard.press('Escape')
    await expect(lightbox).toHaveCount(0)
  })
}
