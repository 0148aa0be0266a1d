import type { Page } from '@playwright/test'
import { gameSlug } from '../../src/shared/games'
import { axeScopeFor, expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { signupViaApi, uniqueName, waitForQuietNetwork } from './helpers'
import { applyLook, expectNoSidewaysScroll, looks, shoot, SHOTS_DIR } from './looks'

/**
 * The game catalogue (issue 44) against the build, in both themes on a desktop and a 390-pixel
 * phone, with a 30-character username and a 60-character game name without a space: `/games`
 * lists the server's games with their covers, opened fresh and reloaded (no redirect to
 * Explore); the profile's game picker finds a shipped catalogue game by its short name and Enter
 * adds the whole entry; in the status dialog, Enter while "Valo" is typed picks "Valorant" and
 * moves on to the note instead of saving. axe checks each screen (all rules in the light look,
 * contrast in the others). GAMERSTAGE_SHOTS=<folder> keeps the screenshots.
 */

const name30 = (prefix: string) => uniqueName(prefix).padEnd(30, 'w').slice(0, 30)
/** 60 characters, no space: the longest name a game may have. */
const longGame = () => `Unbrokengamename${uniqueName('x').replace(/_/g, '')}`.padEnd(60, 'o')

async function putAs(page: Page, token: string, path: string, data: unknown) {
  const answer = await page.request.put(path, { headers: { authorization: token }, data })
  expect(answer.status(), await answer.text()).toBe(200)
}

for (const variant of looks()) {
  test(`the game catalogue in ${variant.name}`, async ({ page }) => {
    test.setTimeout(120_000)
    await applyLook(page, variant)
    const scope = axeScopeFor(variant)
    const shot = async (screen: string, fullPage = false) => {
      await waitForQuietNetwork(page)
      await shoot(page, { path: `${SHOTS_DIR}/${screen}-${variant.name}.png`, fullPage })
      await expectNoSidewaysScroll(page)
    }
    const me = name30('cat')
    const long = longGame()
    const { encodedToken } = await signupViaApi(page, me)
    await putAs(page, encodedToken, '/api/me/games', { games: [long, 'Minecraft'] })
    await putAs(page, encodedToken, '/api/me/status', { game: long, expiresIn: '2h' })

    await test.step('a new account’s Home suggests players and popular posts', async () => {
      await page.goto('/home')
      await expect(page.getByText('Follow some people to get started')).toBeVisible()
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { name: 'Players to follow' })).toBeVisible()
      const popular = main.getByRole('region', { name: 'Popular on this server' })
      // The demo server's posts, the most liked first.
      await expect(popular.getByRole('article').first()).toBeVisible()
      await shot('home-starter')
      await expectNoSeriousViolations(page, 'Home with an empty feed', { scope })
    })

    await test.step('Explore shows the tags and games of the last days', async () => {
      const answer = await page.request.post('/api/posts', {
        headers: { authorization: encodedToken, prefer: 'return=minimal' },
        data: { postData: { content: `Tonight #${gameSlug(long)} #catalogueweek` } },
      })
      expect(answer.status(), await answer.text()).toBe(201)
      await page.goto('/explore')
      const trending = page.getByRole('region', { name: 'Trending in the last 7 days' })
      await expect(trending.getByRole('link', { name: /#catalogueweek/ })).toBeVisible()
      await expect(trending.getByRole('link', { name: new RegExp(long) })).toBeVisible()
      await shot('explore-trending')
      await expectNoSeriousViolations(page, 'Explore with trending', { scope })
      await trending.getByRole('link', { name: 'All games' }).click()
      await expect(page).toHaveURL(/\/games$/)
    })

    await test.step('/games lists the server’s games, opened fresh and reloaded', async () => {
      await page.goto('/games')
      for (const reloaded of [false, true]) {
        if (reloaded) await page.reload()
        await expect(page).toHaveURL(/\/games$/)
        await expect(page.getByRole('heading', { level: 1, name: 'Games' })).toBeVisible()
        const newest = page.getByRole('region', { name: 'Newest' })
        await expect(newest.getByRole('link', { name: new RegExp(long) })).toBeVisible()
        const playing = page.getByRole('region', { name: 'Playing now' })
        await expect(playing.getByRole('link', { name: new RegExp(long) })).toContainText(
          /\d+ playing now/,
        )
        await expect(page.getByRole('region', { name: 'Most played' })).toBeVisible()
      }
      // The cover: the name's initials on its colour, white on it.
      const card = page
        .getByRole('region', { name: 'Newest' })
        .getByRole('link', { name: new RegExp(long) })
      await expect(card.locator('.game-cover')).toHaveText('UN')
      await shot('games-list', true)
      await expectNoSeriousViolations(page, 'the games list', { scope })
      await card.click()
      await expect(page).toHaveURL(new RegExp(`/games/${gameSlug(long)}$`))
      await expect(page.getByRole('heading', { level: 1, name: long })).toBeVisible()
      await expect(page.locator('.game-header .game-cover')).toHaveText('UN')
      await shot('games-page-cover')
    })

    await test.step('the profile’s picker adds a catalogue game by its short name', async () => {
      await page.goto(`/${me}`)
      await page.getByRole('button', { name: 'Edit games' }).click()
      const box = page.getByRole('combobox', { name: 'Add a game' })
      await box.pressSequentially('botw')
      const first = page.getByRole('option').first()
      await expect(first).toContainText('The Legend of Zelda: Breath of the Wild')
      await expect(first).toHaveAttribute('aria-selected', 'true')
      // Nobody on the server had it before this test's first look: where it runs, then players.
      await expect(first).toContainText(/Nintendo · new here|\d+ players?/)
      await shot('games-picker-catalogue')
      await expectNoSeriousViolations(page, 'the picker with catalogue games', { scope })
      await box.press('Enter')
      await expect(
        page.getByRole('button', { name: 'Remove The Legend of Zelda: Breath of the Wild' }),
      ).toBeVisible()
      await page.getByRole('button', { name: 'Save games' }).click()
      await expect(
        page
          .getByRole('list', { name: `Games ${me} plays` })
          .getByRole('link', { name: /The Legend of Zelda: Breath of the Wild/ }),
      ).toBeVisible()
    })

    await test.step('Enter in the status dialog picks the game and does not save', async () => {
      await page.getByRole('main').getByRole('button', { name: 'Change status' }).click()
      const dialog = page.getByRole('dialog', { name: 'What are you playing?' })
      const game = dialog.getByRole('combobox', { name: 'Game' })
      await game.fill('')
      // Enter at once, before the suggestions came: the whole entry, not "Valo".
      await game.pressSequentially('Valo')
      await game.press('Enter')
      await expect(game).toHaveValue('Valorant')
      await expect(dialog).toBeVisible()
      const note = dialog.getByRole('textbox', { name: 'Note (optional)' })
      await expect(note).toBeFocused()
      await shot('games-status-picked')
      await expectNoSeriousViolations(page, 'the status dialog after a pick', { scope })
      await note.fill('ranked tonight')
      await dialog.getByRole('button', { name: 'Save status' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(page.locator('.profile-status')).toContainText('Playing Valorant')
    })
  })
}
