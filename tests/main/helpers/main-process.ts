/**
 * The whole main process (src/main/index.ts) over the mocked `electron`. A test file that uses
 * these calls `vi.mock('electron', () => import('./mocks/electron'))` itself: vitest hoists
 * `vi.mock` in test files only.
 */
import { resolve } from 'node:path'
import { expect, vi } from 'vitest'
import type { Channel } from '../../../src/shared/ipc-channels'
import { electronMock, type BrowserWindow, type ElectronMock } from '../mocks/electron'
import { tempDir } from './temp-dirs'

export const REPO_ROOT = resolve(import.meta.dirname, '../../..')

/** An IPC event from a window's top frame, as Electron makes one. */
export const fromWindow = (window: { webContents: { mainFrame: unknown } }) => ({
  sender: window.webContents,
  senderFrame: window.webContents.mainFrame,
})

/**
 * A reset `electron` mock with `userData` in a new temp folder. index.ts runs at import, so this
 * also forgets every loaded module: the next `launch` loads it afresh.
 */
export async function freshElectron(): Promise<ElectronMock> {
  vi.resetModules()
  const electron = await electronMock()
  electron.resetElectronMock()
  electron.app.setPath('userData', tempDir())
  electron.app.setAppPath(REPO_ROOT)
  vi.stubEnv('GAMERSTAGE_SQLITE_BINDING', undefined)
  return electron
}

/** Loads index.ts and waits until it has opened the window on its server. */
export async function launchApp(
  electron: ElectronMock,
): Promise<{ window: BrowserWindow; url: string }> {
  await import('../../../src/main/index')
  const window = await vi.waitFor(
    () => {
      const [window] = electron.BrowserWindow.instances
      expect(window?.loadURL).toHaveBeenCalled()
      return window as BrowserWindow
    },
    { timeout: 10_000, interval: 20 },
  )
  return { window, url: window.loadURL.mock.calls[0]?.[0] as string }
}

/** Fires will-quit as Electron does and waits until the app quits (server closed). */
export async function quitApp(
  electron: ElectronMock,
): Promise<{ preventDefault: ReturnType<typeof vi.fn> }> {
  const event = { preventDefault: vi.fn() }
  const quitsBefore = electron.app.quit.mock.calls.length
  electron.app.emit('will-quit', event)
  if (event.preventDefault.mock.calls.length > 0) {
    await vi.waitFor(() => expect(electron.app.quit.mock.calls.length).toBe(quitsBefore + 1))
  }
  return event
}

/** The IPC handler index.ts registered for `channel`. */
export function ipcHandler(electron: ElectronMock, channel: Channel) {
  const registered = electron.ipcMain.handlers.get(channel)
  if (!registered) throw new Error(`no handler for ${channel}`)
  return registered
}
