import { spawn } from 'node:child_process'
import { appEnvironment, expect, expectLoginPage, root, test } from './fixtures'

interface SingleInstanceProbe {
  secondInstances: number
  focusRequests: number
}

test('a second launch on the same profile quits and focuses the first window', async ({
  desktop,
  electronPath,
}) => {
  await expectLoginPage(desktop.page)
  // Count what the first app sees: the second-instance event, and the focus its handler asks
  // for (asked of the window object itself, since whether the window manager grants focus
  // differs between a desktop and xvfb).
  await desktop.app.evaluate(({ app, BrowserWindow }) => {
    const probe = { secondInstances: 0, focusRequests: 0 }
    ;(globalThis as { singleInstanceProbe?: typeof probe }).singleInstanceProbe = probe
    app.on('second-instance', () => {
      probe.secondInstances += 1
    })
    const window = BrowserWindow.getAllWindows()[0]
    if (!window) throw new Error('the app has no window')
    const focus = window.focus.bind(window)
    window.focus = () => {
      probe.focusRequests += 1
      focus()
    }
  })

  // Not through Playwright: a second instance quits at once, before any debugger could attach.
  const second = spawn(
    electronPath,
    [...(process.platform === 'linux' ? ['--no-sandbox'] : []), root],
    { cwd: root, env: appEnvironment(desktop.userDataDir), stdio: 'ignore' },
  )
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      second.kill()
      reject(new Error('the second instance did not quit within 30 s'))
    }, 30_000)
    second.once('error', reject)
    second.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
  expect(exitCode).toBe(0)

  await expect
    .poll(() =>
      desktop.app.evaluate(
        () => (globalThis as { singleInstanceProbe?: SingleInstanceProbe }).singleInstanceProbe,
      ),
    )
    .toEqual({ secondInstances: 1, focusRequests: 1 })
  expect(
    await desktop.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length),
  ).toBe(1)
  // The first app goes on as before.
  await expectLoginPage(desktop.page)
})
