/**
 * "Connect to a friend's server" with the servers found on the LAN, in the built web app with a
 * fake desktop bridge (the main process's multicast is tested in tests/main): servers appear and
 * disappear live, one click joins one (a real server here: the e2e empty server), a refusal of
 * the address check shows, and a plain browser gets a hint instead of a list.
 * Screenshots: GAMERSTAGE_SHOTS=/tmp/shots.
 */
import { type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import type { LanServer, LanServerList } from '../../src/shared/bridge'
import { bridgeCalls, installFakeBridge, releaseHeld, scriptNext } from './fake-bridge'
import { axeScopeFor, expectNoSeriousViolations } from './axe'
import { toast } from './helpers'
import { applyLook, expectNoSidewaysScroll, looks, shoot, SHOTS_DIR } from './looks'

const LOOKING = 'Looking for servers on your network…'
/** A 30-character username, the longest there is, in a server's name. */
const LONG_OWNER = 'xXx_the_longest_gamertag_30xXx'

/** A plain-HTTP server as the main process lists it: no code, no look-alike, never joined. */
const plain = (name: string, url: string, version = '0.1.0'): LanServer => ({
  name,
  url,
  version,
  fingerprint: null,
  code: null,
  sameName: null,
  known: false,
})
const NOVA = plain("nova's Gamerstage", 'http://192.168.1.21:4567')
/** A friend's encrypted server, joined before, and a stranger on the Wi-Fi using its name. */
const FRIEND: LanServer = {
  name: "player1's Gamerstage",
  url: 'https://192.168.1.20:4567',
  version: '0.1.0',
  fingerprint: '5d12a501faaa2690b9c48b72a5c8d0533d88d69c7eaf1aa4048d2390c40ad7f4',
  code: '5D12-A501-FAAA-2690',
  sameName: 'first',
  known: true,
}
const STRANGER: LanServer = {
  name: "player1's Gamerstage",
  url: 'https://192.168.1.66:4567',
  version: '0.1.0',
  fingerprint: '0b7e44c1d2a39f0e6b8c7d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a',
  code: '0B7E-44C1-D2A3-9F0E',
  sameName: 'later',
  known: false,
}
/** Three servers found; the one in use is `inUse`. */
const friends = (inUse: string): LanServerList => ({
  servers: [
    NOVA,
    // The one in use: a real server (the worker's empty one), so that no "can't reach" banner
    // shows.
    plain(`${LONG_OWNER}'s Gamerstage`, inUse),
    plain('LAN box', 'http://10.0.0.5:4567', ''),
    FRIEND,
    STRANGER,
  ],
  problem: null,
})

const emitLan = (page: Page, list: LanServerList) =>
  page.evaluate((next) => window.__fakeBridge.emitLanServers(next), list)

const found = (page: Page) => page.getByRole('list', { name: 'On your network' })

/** axe-core on the Connection card: no serious or critical violation (as tests/e2e/a11y). */
test.describe('servers found on the LAN, in the desktop app', () => {
  test('appear and disappear live, and one click joins one', async ({
    page,
    demoUrl,
    emptyUrl,
  }) => {
    await installFakeBridge(page, { connection: { kind: 'embedded', baseUrl: demoUrl } })
    await page.goto('/')
    await page.getByRole('link', { name: "Connect to a friend's server" }).click()
    await expect(page.getByText(LOOKING)).toBeVisible()
    expect(await bridgeCalls(page, 'watchLanServers')).toEqual([[]])

    const host = plain("host's Gamerstage", emptyUrl)
    await emitLan(page, { servers: [NOVA, host], problem: null })
    await expect(found(page).getByRole('listitem')).toHaveCount(2)
    await expect(page.getByText(LOOKING)).toHaveCount(0)
    await emitLan(page, { servers: [host], problem: null })
    await expect(found(page).getByRole('listitem')).toHaveCount(1)
    await expect(found(page)).not.toContainText('nova')

    await page.getByRole('button', { name: "Join host's Gamerstage" }).click()

    await expect(toast(page, `Connected to ${emptyUrl}`)).toBeVisible()
    expect(await bridgeCalls(page, 'setConnection')).toEqual([[{ kind: 'remote', url: emptyUrl }]])
    await expect(page.locator('.auth-server')).toContainText(`Server: ${emptyUrl}`)
    // Leaving the Server page stops the looking.
    expect(await bridgeCalls(page, 'watchLanServers')).toContainEqual(['stop'])
  })

  test('a server that fails the address check says why, and keeps its address to edit', async ({
    page,
    demoUrl,
  }) => {
    await installFakeBridge(page, {
      connection: { kind: 'embedded', baseUrl: demoUrl },
      lanServers: { servers: [NOVA], problem: null },
    })
    await page.goto('/server')
    await scriptNext(page, 'setConnection', {
      reject:
        'ConnectionError: http://192.168.1.21:4567 answered, but it is not a Gamerstage server.',
      held: true,
    })

    await found(page).getByRole('button', { name: "Join nova's Gamerstage" }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: "Checking nova's Gamerstage" })).toBeDisabled()
    await releaseHeld(page, 'setConnection')

    await expect(page.getByRole('alert').filter({ hasText: 'answered, but it is not' })).toHaveText(
      'http://192.168.1.21:4567 answered, but it is not a Gamerstage server.',
    )
    await expect(page.getByTestId('current-connection')).toHaveText('This computer')
    await expect(page.getByLabel('Server address')).toHaveValue(NOVA.url)
    await expect(page.getByRole('button', { name: "Join nova's Gamerstage" })).toBeEnabled()
  })
})

test('a plain browser shows a hint instead of the list', async ({ page }) => {
  await page.goto('/server')
  await expect(page.getByText(/desktop app also lists the servers on your network/)).toBeVisible()
  await expect(page.getByText(LOOKING)).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await shoot(page.locator('.server-card').first(), { path: `${SHOTS_DIR}/lan-servers-web.png` })
})

const variants = looks({ width: 1280, height: 900 })

for (const variant of variants) {
  test(`screenshots of the servers found, ${variant.name}, checked by axe`, async ({
    page,
    emptyUrl,
  }) => {
    test.setTimeout(120_000)
    await applyLook(page, variant)
    await installFakeBridge(page, {
      connection: { kind: 'remote', baseUrl: emptyUrl },
    })
    await page.goto('/server')
    const card = page.locator('.server-card').first()
    await expect(page.getByText(LOOKING)).toBeVisible()
    await shoot(card, { path: `${SHOTS_DIR}/lan-servers-empty-${variant.name}.png` })
    await expectNoSeriousViolations(page, 'looking', {
      within: '.server-card',
      scope: axeScopeFor(variant),
    })

    await emitLan(page, friends(emptyUrl))
    await expect(found(page).getByRole('listitem')).toHaveCount(5)
    // The stranger using the friend's name is marked, with both codes to compare.
    await expect(found(page).getByText(/Another server also calls itself/)).toBeVisible()
    await expect(found(page).getByText('0B7E-44C1-D2A3-9F0E')).toBeVisible()
    await expect(found(page).getByText('Connected')).toBeVisible()
    // Nothing sticks out sideways on a phone, the longest name included.
    await expectNoSidewaysScroll(page)
    await shoot(page, { path: `${SHOTS_DIR}/lan-servers-${variant.name}.png`, fullPage: true })
    await expectNoSeriousViolations(page, 'servers found', {
      within: '.server-card',
      scope: axeScopeFor(variant),
    })

    await emitLan(page, {
      servers: [],
      problem: 'Could not look for servers on your network (bind EACCES 0.0.0.0:5353).',
    })
    await expect(card.getByRole('alert')).toContainText('You can still type the address below.')
    await expect(page.locator('.server-banner')).toHaveCount(0)
    await shoot(card, { path: `${SHOTS_DIR}/lan-servers-problem-${variant.name}.png` })
    await expectNoSeriousViolations(page, 'cannot look', {
      within: '.server-card',
      scope: axeScopeFor(variant),
    })
  })
}
