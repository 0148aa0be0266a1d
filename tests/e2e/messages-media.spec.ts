/**
 * Pictures, clips and reactions in messages: in a group of two players, each in their own
 * browser, the creator gives the group a picture and sends a picture with alt text and a long
 * unbroken word; the other sees both live, opens the picture full size and reacts; the first sees
 * the reaction live, and a reload keeps it all. On a desktop and on a phone, axe in both themes,
 * and screenshots (30-character usernames) in SHOTS_DIR for a person to look at.
 */
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { longName } from './helpers'
import { shoot, SHOTS_DIR, sizes } from './looks'
import { apiUser, signedInContext } from './notify-helpers'

const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(3)

const history = (page: Page) => page.locator('ol.message-list')

const png = (background: string) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer()

for (const size of sizes()) {
  test(`a picture and a reaction in a group reach the other player live (${size.name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    // A guard against hangs on a loaded machine, not a speed check.
    test.setTimeout(360_000)
    const ana = await apiUser(request, longName('ana'))
    const bo = await apiUser(request, longName('bo'))
    const made = await request.post('/api/conversations/group', {
      headers: { authorization: ana.token },
      data: { name: 'Saturday LAN squad', memberIds: [bo.id] },
    })
    expect(made.status()).toBe(201)
    const { conversation } = (await made.json()) as { conversation: { _id: string } }
    const anaContext = await signedInContext(browser, demoUrl, ana, { viewport: size.viewport })
    const boContext = await signedInContext(browser, demoUrl, bo, { viewport: size.viewport })
    const anaPage = await anaContext.newPage()
    const boPage = await boContext.newPage()
    await anaPage.goto(`/messages/${conversation._id}`)
    await boPage.goto(`/messages/${conversation._id}`)
    await expect(boPage.getByRole('heading', { name: 'Saturday LAN squad' })).toBeVisible()

    // Ana, its creator, gives the group a picture: Bo's header shows it live.
    await anaPage.getByLabel('Picture file').setInputFiles({
      name: 'squad.png',
      mimeType: 'image/png',
      buffer: await png('#0e7490'),
    })
    await expect(anaPage.getByRole('button', { name: 'Remove the group picture' })).toBeVisible()
    const boHeader = boPage.locator('.conversation-header img.avatar')
    await expect(boHeader).toHaveAttribute('src', /\/api\/media\/[A-Za-z0-9_-]{16}$/)
    // Bo is not its creator: no controls for him.
    await expect(boPage.getByRole('button', { name: /group picture/ })).toHaveCount(0)

    // Ana sends a picture with alt text and a long word.
    await anaPage.getByLabel('Image files').setInputFiles({
      name: 'setup.png',
      mimeType: 'image/png',
      buffer: await png('#7c3aed'),
    })
    await anaPage.getByLabel('Alt text for image 1').fill('Our LAN setup')
    await expect(anaPage.locator('form.message-composer').getByRole('progressbar')).toHaveCount(0)
    await anaPage.getByRole('textbox', { name: 'Message' }).fill(LONG_WORD)
    await shoot(anaPage, { path: `${SHOTS_DIR}/messages-media-composer-${size.name}.png` })
    await anaPage.getByRole('button', { name: 'Send' }).click()
    await expect(anaPage.getByLabel('Alt text for image 1')).toHaveCount(0)

    // Bo sees it live, opens it full size, and reacts.
    const message = history(boPage).locator('li.message').filter({ hasText: LONG_WORD })
    const thumb = message.getByRole('button', { name: 'Open image 1 of 1: Our LAN setup' })
    await expect(thumb).toBeVisible()
    await thumb.click()
    const lightbox = boPage.getByRole('dialog', { name: 'Image 1 of 1' })
    await expect(lightbox.getByRole('img', { name: 'Our LAN setup' })).toBeVisible()
    await boPage.keyboard.press('Escape')
    await expect(lightbox).toHaveCount(0)
    await message.getByRole('button', { name: 'React to this message' }).click()
    const fire = boPage.getByRole('menuitemcheckbox', { name: 'React with fire' })
    await expect(fire).toBeVisible()
    await shoot(boPage, { path: `${SHOTS_DIR}/messages-media-picker-${size.name}.png` })
    await fire.click()
    await expect(message.getByRole('button', { name: /^fire: 1, including you/ })).toBeVisible()

    // Ana sees the reaction live, adds hers with the chip, and Bo sees the count go up.
    const anaMessage = history(anaPage).locator('li.message').filter({ hasText: LONG_WORD })
    const anaChip = anaMessage.getByRole('button', { name: /^fire: 1\. Add yours/ })
    await expect(anaChip).toBeVisible()
    await anaChip.click()
    await expect(message.getByRole('button', { name: /^fire: 2, including you/ })).toBeVisible()
    await checkInBothThemes(boPage, size, {
      what: 'a conversation with a picture and a reaction',
      shot: `messages-media-${size.name}`,
    })

    // A reload keeps the picture, its alt text, the reaction and the group's picture.
    await boPage.reload()
    await expect(
      message.getByRole('button', { name: 'Open image 1 of 1: Our LAN setup' }),
    ).toBeVisible()
    await expect(message.getByRole('button', { name: /^fire: 2, including you/ })).toBeVisible()
    await expect(boHeader).toHaveAttribute('src', /\/api\/media\//)
    if (size.name === 'phone') {
      await boPage.getByRole('link', { name: 'All conversations' }).click()
    }
    const row = boPage.locator('a.conversation-row').filter({ hasText: 'Saturday LAN squad' })
    await expect(row.locator('img.avatar')).toHaveAttribute('src', /\/api\/media\//)
    await checkInBothThemes(boPage, size, {
      what: 'the conversation list with a group picture',
      shot: `messages-media-list-${size.name}`,
    })
    await anaContext.close()
    await boContext.close()
  })
}
