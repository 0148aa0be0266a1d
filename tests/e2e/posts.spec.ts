import { expect, test } from './fixtures'
import sharp from 'sharp'
import { decodedWidths, toast, uniqueName, signupViaApi } from './helpers'

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer()
}

test('a post with screenshots: progress, alt text, thumbnails, lightbox by keyboard', async ({
  page,
}) => {
  await signupViaApi(page, uniqueName('shots'))
  await page.getByRole('button', { name: 'New Post', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await dialog.getByLabel('Image files').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: await png('#ff0000') },
    { name: 'b.png', mimeType: 'image/png', buffer: await png('#00ff00') },
  ])
  // A text file is refused at once, by its name, with the reason.
  await dialog
    .getByLabel('Image files')
    .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') }])
  await expect(dialog.getByRole('alert')).toContainText('notes.txt is not an image')
  await dialog.getByLabel('Alt text for image 1').fill('red victory screen')
  await dialog.getByLabel('Alt text for image 2').fill('green loot')
  // Images alone make a post.
  const submit = dialog.getByRole('button', { name: 'Post' })
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(dialog).toHaveCount(0)

  const card = page.getByRole('article').first()
  const thumbs = card.getByRole('button', { name: /^Open image/ })
  await expect(thumbs).toHaveCount(2)
  // The thumbnails really arrive and decode (a broken address is still a "visible" box), and
  // they are thumbnails: 640 px on the longest side, not the 800 px upload.
  const thumbnail = card.getByRole('img', { name: 'red victory screen' })
  await expect.poll(() => decodedWidths(thumbnail)).toEqual([640])

  await thumbs.first().click()
  const lightbox = page.getByRole('dialog', { name: 'Image 1 of 2' })
  // The lightbox shows the full image.
  await expect
    .poll(() => decodedWidths(lightbox.getByRole('img', { name: 'red victory screen' })))
    .toEqual([800])
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('dialog', { name: 'Image 2 of 2' })).toBeVisible()
  await expect(page.getByRole('dialog').getByRole('img', { name: 'green loot' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(thumbs.first()).toBeFocused()
})

test('a post body is text: selectable, links open outside, the card opens the post', async ({
  page,
}) => {
  await signupViaApi(page, uniqueName('links'))
  await page.getByRole('button', { name: 'New Post', exact: true }).click()
  await page
    .getByRole('textbox', { name: 'Post text' })
    .fill('Patch notes at https://example.com/patch?v=2 and javascript:alert(1) stays text')
  await page.getByRole('dialog').getByRole('button', { name: 'Post' }).click()
  const card = page.getByRole('article').first()
  const link = card.getByRole('link', { name: 'https://example.com/patch?v=2' })
  await expect(link).toHaveAttribute('href', 'https://example.com/patch?v=2')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(card.getByRole('link', { name: /javascript/ })).toHaveCount(0)

  // Selecting text does not open the post.
  const text = card.locator('.post-content')
  await text.selectText()
  await text.click({ position: { x: 5, y: 5 }, modifiers: [] }).catch(() => undefined)
  await page.evaluate(() => {
    const node = document.querySelector('.post-content')
    if (!node) return
    const range = document.createRange()
    range.selectNodeContents(node)
    window.getSelection()?.removeAllRanges()
    window.getSelection()?.addRange(range)
    node.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }))
  })
  await expect(page).toHaveURL(/\/home$/)
  await page.evaluate(() => window.getSelection()?.removeAllRanges())

  // A plain click on the card opens the post; so does its timestamp.
  // The empty stretch just before the bookmark button (the row's left part holds the reactions and shares).
  const row = await card.locator('.post-actions').boundingBox()
  const bookmark = await card.locator('.post-actions .bookmark').boundingBox()
  if (!row || !bookmark) throw new Error('The post has no actions row')
  await card
    .locator('.post-actions')
    .click({ position: { x: bookmark.x - row.x - 12, y: bookmark.y - row.y + 4 } })
  await expect(page).toHaveURL(/\/post\/\d+$/)
  await page.goBack()
  await page.getByRole('article').first().locator('time').click()
  await expect(page).toHaveURL(/\/post\/\d+$/)
})

test('edited posts carry a mark; deleting offers undo and nothing moves', async ({ page }) => {
  await signupViaApi(page, uniqueName('undo'))
  for (const text of ['first take', 'second take']) {
    await page.getByRole('button', { name: 'New Post', exact: true }).click()
    await page.getByRole('textbox', { name: 'Post text' }).fill(text)
    await page.getByRole('dialog').getByRole('button', { name: 'Post' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
  const newest = page.getByRole('article').first()
  await newest.getByRole('button', { name: 'Edit post' }).click()
  const box = page.getByRole('textbox', { name: 'Post text' })
  // The cursor is at the end of the text.
  expect(await box.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(
    'second take'.length,
  )
  await box.press('End')
  await box.pressSequentially(' (fixed)')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(newest).toContainText('second take (fixed)')
  await expect(newest.getByText('· edited')).toBeVisible()
  await expect(newest.locator('.edited-mark')).toHaveAttribute('title', /^Edited \w+day/)

  const older = page.getByRole('article', { name: /Post by/ }).nth(1)
  const olderTop = (await older.boundingBox())?.y
  await newest.getByRole('button', { name: 'Delete post' }).click()
  const undo = page.getByRole('button', { name: 'Undo', exact: true })
  await expect(undo).toBeFocused()
  // The placeholder keeps the height: the next post has not moved.
  expect((await page.getByRole('article').first().boundingBox())?.y).toBeCloseTo(olderTop ?? -1, 0)
  await undo.click()
  await expect(page.getByRole('article').first()).toContainText('second take (fixed)')

  await page.getByRole('article').first().getByRole('button', { name: 'Delete post' }).click()
  await expect(toast(page, 'Your post has been deleted')).toBeVisible({ timeout: 15_000 })
  await page.reload()
  await expect(page.getByText('second take (fixed)')).toHaveCount(0)
  await expect(page.getByText('first take')).toBeVisible()
})
