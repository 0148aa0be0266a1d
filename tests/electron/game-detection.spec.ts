import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, signUp, test, uniqueName } from './fixtures'

/**
 * Game detection's opt-in (issue 28, item 2; docs/features.md, "Games"): off on a fresh start, the
 * Account page says what is shared before the switch, turning it on and pausing it are kept in
 * the settings file, and they survive a relaunch. (The poller itself is tested with a fake
 * process list in tests/main/game-detection.test.ts.)
 */
test('game detection is off until turned on, says what it shares, pauses, and is remembered', async ({
  launchApp,
  newUserDataDir,
}) => {
  test.setTimeout(120_000)
  const userDataDir = newUserDataDir()
  const settingsFile = join(userDataDir, 'settings.json')
  const detection = () =>
    (JSON.parse(readFileSync(settingsFile, 'utf8')) as { gameDetection?: unknown }).gameDetection

  const first = await launchApp(userDataDir)
  await signUp(first.page, uniqueName('detect'))
  await first.page.goto(new URL('/settings', first.page.url()).href)
  const card = first.page.getByRole('region', { name: 'Show what I’m playing' })
  await expect(card).toContainText(
    'Only the name of a game from Gamerstage’s list, e.g. ‘Counter-Strike 2’, and only to this server: another server gets nothing until you turn it on there too. Nothing else about your computer.',
  )
  const toggle = card.getByRole('switch', { name: 'Detect the game I’m playing' })
  await expect(toggle).not.toBeChecked()
  await expect(card.getByRole('button', { name: 'Pause' })).toHaveCount(0)

  await toggle.check()
  await expect(toggle).toBeChecked()
  await expect(card.getByRole('status')).toBeVisible()
  expect(detection()).toEqual({ enabled: true, paused: false })
  await card.getByRole('button', { name: 'Pause' }).click()
  await expect(card.getByRole('status')).toHaveText('Paused: nothing is detected until you resume.')
  expect(detection()).toEqual({ enabled: true, paused: true })
  await first.app.close()

  const second = await launchApp(userDataDir)
  await second.page.goto(new URL('/settings', second.page.url()).href)
  const again = second.page.getByRole('region', { name: 'Show what I’m playing' })
  await expect(again.getByRole('switch')).toBeChecked()
  await again.getByRole('button', { name: 'Resume' }).click()
  expect(detection()).toEqual({ enabled: true, paused: false })
  await again.getByRole('switch').uncheck()
  expect(detection()).toEqual({ enabled: false, paused: false })
  await second.app.close()
})
