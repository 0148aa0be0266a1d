import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  expect,
  expectLoginPage,
  logIn,
  openServerPage,
  signUp,
  test,
  toast,
  uniqueName,
  writePost,
} from './fixtures'

interface DialogProbe {
  calls: string[]
}

test('backup and restore from the Server page, with the native dialogs stubbed in the main process', async ({
  desktop: { app, page },
  newUserDataDir,
}) => {
  test.setTimeout(120_000)
  const name = uniqueName('saver')
  const password = 'backup-pass-1'
  const kept = `Written before the backup ${Date.now()}`
  const lost = `Written after the backup ${Date.now()}`
  const backupFile = join(newUserDataDir(), 'gamerstage-backup.db')

  // The main process asks dialog.showSaveDialog / showOpenDialog for the file (src/main/index.ts):
  // answer them with our file, as a person picking it would, and count the calls.
  await app.evaluate(({ dialog }, file) => {
    const probe: DialogProbe = { calls: [] }
    ;(globalThis as { dialogProbe?: DialogProbe }).dialogProbe = probe
    dialog.showSaveDialog = (async () => {
      probe.calls.push('save')
      return { canceled: false, filePath: file }
    }) as typeof dialog.showSaveDialog
    dialog.showOpenDialog = (async () => {
      probe.calls.push('open')
      return { canceled: false, filePaths: [file] }
    }) as typeof dialog.showOpenDialog
  }, backupFile)

  await signUp(page, name, password)
  await writePost(page, kept)

  await openServerPage(page)
  await page.getByRole('button', { name: 'Back up data…' }).click()
  await expect(toast(page, `Backup saved to ${backupFile}`)).toBeVisible()
  expect(readFileSync(backupFile).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0')

  await page.getByRole('link', { name: 'Home' }).first().click()
  await writePost(page, lost)

  await openServerPage(page)
  await page.getByRole('button', { name: 'Restore from backup…' }).click()
  await page
    .getByRole('dialog', { name: 'Restore from backup?' })
    .getByRole('button', { name: 'Restore' })
    .click()
  await expect(toast(page, `Restored from ${backupFile}`)).toBeVisible()
  // Restoring ends the session: the accounts may all have changed.
  await expectLoginPage(page)

  await logIn(page, name, password)
  await expect(page.getByRole('main').getByText(kept)).toBeVisible()
  await expect(page.getByRole('main').getByText(lost)).toHaveCount(0)
  expect(
    await app.evaluate(() => (globalThis as { dialogProbe?: DialogProbe }).dialogProbe?.calls),
  ).toEqual(['save', 'open'])
})
