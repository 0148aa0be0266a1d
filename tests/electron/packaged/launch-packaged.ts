/**
 * Starts the packaged app, the real binary its installer ships, and attaches Playwright to it.
 *
 * Why not `_electron.launch({ executablePath })`: Playwright's Electron launcher (playwright-core,
 * `Electron.launch` in lib/coreBundle.js) always passes `--inspect=0 --remote-debugging-port=0`,
 * waits for Node's `Debugger listening on ws://…` line and drives the main process through that
 * inspector before it hands over the window. The release build turns the
 * EnableNodeCliInspectArguments fuse off (electron-builder.yml, `electronFuses`), so the packaged
 * binary ignores `--inspect`, never prints that line, and the launch could only time out.
 *
 * `--remote-debugging-port` is Chromium's switch, not Node's, and no fuse covers it: the fused
 * binary, unchanged, opens the DevTools protocol for its window, and `chromium.connectOverCDP`
 * drives that window as every journey does. What is lost is the main-process handle
 * (`electronApp.evaluate`), which the smoke journey does not need. The app runs on a user-data
 * folder of its own through `--user-data-dir=`, the one way a packaged build takes one
 * (src/main/user-data.ts: it ignores GAMERSTAGE_USER_DATA), applied before the single-instance
 * lock and anything else reads the path.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from '../helpers'

export interface PackagedApp {
  process: ChildProcess
  browser: Browser
  context: BrowserContext
  /** The app's window. */
  page: Page
  /** The last of what the app printed, for failure messages. */
  output(): string
  /** Closes the window as a person would, and answers the exit code (null: it had to be killed). */
  quit(timeoutMs?: number): Promise<number | null>
}

const OUTPUT_KEPT = 20_000

export async function launchPackagedApp(
  executable: string,
  userDataDir: string,
  timeoutMs = 60_000,
): Promise<PackagedApp> {
  const port = await freePort()
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    // Neither would reach a fused app anyway (RunAsNode and NODE_OPTIONS are off); keep the
    // run identical to a user's.
    if (value !== undefined && key !== 'NODE_OPTIONS' && key !== 'ELECTRON_RUN_AS_NODE') {
      env[key] = value
    }
  }
  const child = spawn(
    executable,
    [
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${userDataDir}`,
      // As Playwright does for every Electron it launches on Linux: CI runners cannot use
      // Chromium's SUID sandbox helper (chrome-sandbox is not root-owned in the unpacked
      // folder), and have no keyring daemon for Chromium to wait on.
      ...(process.platform === 'linux' ? ['--no-sandbox', '--password-store=basic'] : []),
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.once('error', (error) => {
      keep(Buffer.from(`\n${error.message}\n`))
      resolve(null)
    })
  })

  const endpoint = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The packaged app exited before it opened its window:\n${output}`)
    }
    const ready = await fetch(`${endpoint}/json/version`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.ok)
      .catch(() => false)
    if (ready) break
    if (Date.now() > deadline) {
      child.kill()
      throw new Error(
        `The packaged app opened no debugging port within ${timeoutMs} ms:\n${output}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }

  const browser = await chromium.connectOverCDP(endpoint, { timeout: timeoutMs })
  const context = browser.contexts()[0]
  if (!context) throw new Error('The packaged app has no browser context.')
  // The window opens once the embedded server listens; it may not be there yet.
  const page = context.pages()[0] ?? (await context.waitForEvent('page', { timeout: timeoutMs }))

  return {
    process: child,
    browser,
    context,
    page,
    output: () => output,
    quit: async (quitTimeoutMs = 30_000) => {
      if (child.exitCode === null && child.signalCode === null) {
        // Closing the one window quits the app (window-all-closed), which closes the server and
        // the database first (will-quit in src/main/index.ts).
        await page.evaluate(() => setTimeout(() => window.close(), 0)).catch(() => undefined)
      }
      let timer: NodeJS.Timeout | undefined
      const code = await Promise.race([
        exited,
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), quitTimeoutMs)
        }),
      ])
      clearTimeout(timer)
      await browser.close().catch(() => undefined)
      if (code === 'timeout') {
        child.kill()
        await exited
        return null
      }
      return code
    },
  }
}
