import { expect, test } from './fixtures'
import { installFakeBridge } from './fake-bridge'
import { longName, waitForQuietNetwork } from './helpers'
import { expectNoSidewaysScroll, looks, shoot, SHOTS_DIR, SHOTS_ONLY_ON_DEMAND } from './looks'
import { apiUser, signedInContext } from './notify-helpers'

/**
 * Screenshots of the Account page's switch cards (components/SwitchCard.tsx: Appear offline and
 * the desktop app's game detection), off and on, for a person to look at: GAMERSTAGE_SHOTS=<dir>,
 * both themes on a desktop and a 390-pixel phone, a 30-character name and a 60-character game.
 * The desktop app is a fake bridge that detects one game. The switches' behaviour is asserted by
 * presence.spec.ts and tests/electron/game-detection.spec.ts.
 */
test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

const LONG_GAME = 'Supercalifragilisticexpialidociousgamesofthestageandbeyonds'.slice(0, 60)

for (const look of looks()) {
  test(`account switch cards in ${look.name}`, async ({ browser, request, demoUrl }) => {
    test.setTimeout(120_000)
    const me = await apiUser(request, longName('me'))
    const context = await signedInContext(browser, demoUrl, me, {
      theme: look.theme,
      viewport: look.viewport,
    })
    const page = await context.newPage()
    await installFakeBridge(page, { connection: { kind: 'embedded', baseUrl: demoUrl } })
    // The desktop app's detection, seeing one game while it is on.
    await page.addInitScript((game) => {
      type Status = { enabled: boolean; paused: boolean; game: string | null }
      let status: Status = { enabled: false, paused: false, game: null }
      const bridge = (window as unknown as { gamerstage: Record<string, unknown> }).gamerstage
      Object.assign(bridge, {
        getGameDetection: () => Promise.resolve({ ...status }),
        setGameDetection: (changes: Partial<Status>) => {
          const next = { ...status, ...changes }
          status = { ...next, game: next.enabled && !next.paused ? game : null }
          return Promise.resolve({ ...status })
        },
        onGameDetected: () => () => undefined,
      })
    }, LONG_GAME)

    const presence = page.getByRole('region', { name: 'Presence' })
    const detection = page.getByRole('region', { name: 'Show what I’m playing' })
    const shot = async (state: string) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      // Both cards in view, the first just under the top bar.
      await presence.evaluate((card) =>
        window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 140),
      )
      await shoot(page, { path: `${SHOTS_DIR}/switch-cards-${state}-${look.name}.png` })
    }

    await page.goto('/settings')
    const appear = presence.getByRole('switch', { name: 'Appear offline' })
    const detect = detection.getByRole('switch', { name: 'Detect the game I’m playing' })
    await expect(appear).not.toBeChecked()
    await expect(detect).not.toBeChecked()
    await shot('off')

    await appear.click()
    await expect(appear).toBeChecked()
    await expect(presence).toContainText('You appear offline')
    await detect.click()
    await expect(detect).toBeChecked()
    await expect(detection.getByRole('status')).toContainText(LONG_GAME)
    await shot('on')

    await detection.getByRole('button', { name: 'Pause' }).click()
    await expect(detection.getByRole('button', { name: 'Resume' })).toBeVisible()
    await shot('paused')
    await appear.click()
    await expect(appear).not.toBeChecked()
    await context.close()
  })
}
