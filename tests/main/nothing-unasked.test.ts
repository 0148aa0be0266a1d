/**
 * What the desktop app hands to no server unasked, with `electron` mocked: no client
 * certificate, no permission or device, no request of the window to a server other than its
 * own and the one in use, no profile moved by an environment variable in a packaged build, and
 * the trust dialog's wording and buttons. tests/main/index.test.ts sees that index.ts wires them.
 */
import { describe, expect, it, vi } from 'vitest'
import { refuseWhatIsNotAsked } from '../../src/main/nothing-unasked'
import { fenceWindowRequests, requestAllowed } from '../../src/main/request-fence'
import { askInDialog, trustDialogOptions } from '../../src/main/trust-dialog'
import { chosenUserData } from '../../src/main/user-data'
import type { ServerCheck } from '../../src/shared/bridge'

const APP = 'http://127.0.0.1:50000'
const FRIEND = 'https://192.168.1.20:4567'

/** The handlers given to a fake app and session. */
function refusals() {
  const app = { on: vi.fn() }
  const session = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  }
  refuseWhatIsNotAsked(app as never, session as never, () => APP)
  const [, onClientCertificate] = app.on.mock.calls.find(
    ([event]) => event === 'select-client-certificate',
  ) as [string, (...args: unknown[]) => void]
  return {
    onClientCertificate,
    check: session.setPermissionCheckHandler.mock.calls[0]?.[0] as (
      contents: unknown,
      permission: string,
      origin: string,
    ) => boolean,
    request: session.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      contents: unknown,
      permission: string,
      done: (granted: boolean) => void,
      details: { requestingUrl: string },
    ) => void,
    device: session.setDevicePermissionHandler.mock.calls[0]?.[0] as (details: unknown) => boolean,
  }
}

describe('nothing handed out unasked', () => {
  it('answers a request for a client certificate with none', () => {
    const { onClientCertificate } = refusals()
    const event = { preventDefault: vi.fn() }
    const callback = vi.fn()
    const work = { subjectName: 'CN=someone at work', data: '…' }

    onClientCertificate(event, {}, 'https://192.168.1.66:4567/', [work], callback)

    // Without preventDefault, Electron would send the first certificate of the list.
    expect(event.preventDefault).toHaveBeenCalledOnce()
    expect(callback).toHaveBeenCalledExactlyOnceWith()
  })

  it('refuses permission checks, requests and devices; only the app page may write the clipboard or notify', () => {
    const { check, request, device } = refusals()
    for (const permission of ['media', 'geolocation', 'hid', 'usb', 'serial']) {
      expect(check({}, permission, `${APP}/`)).toBe(false)
    }
    expect(check({}, 'clipboard-sanitized-write', `${APP}/server`)).toBe(true)
    expect(check({}, 'clipboard-sanitized-write', `${FRIEND}/`)).toBe(false)
    expect(check({}, 'notifications', `${APP}/notifications`)).toBe(true)
    expect(check({}, 'notifications', `${FRIEND}/`)).toBe(false)
    const done = vi.fn()
    request({}, 'media', done, { requestingUrl: `${APP}/` })
    expect(done).toHaveBeenCalledExactlyOnceWith(false)
    const notifications = vi.fn()
    request({}, 'notifications', notifications, { requestingUrl: `${APP}/settings` })
    expect(notifications).toHaveBeenCalledExactlyOnceWith(true)
    const friends = vi.fn()
    request({}, 'notifications', friends, { requestingUrl: `${FRIEND}/` })
    expect(friends).toHaveBeenCalledExactlyOnceWith(false)
    expect(device({ deviceType: 'usb', origin: APP })).toBe(false)
  })
})

describe('the window’s requests', () => {
  const allowed = [APP, FRIEND]

  it.each([
    [`${APP}/api/feed`, true],
    [`${FRIEND}/api/auth/login`, true],
    ['wss://192.168.1.20:4567/api/events', true],
    ['data:image/png;base64,AAAA', true],
    ['https://192.168.1.66:4567/api/auth/login', false],
    ['http://192.168.1.20:4567/api/feed', false],
    ['https://evil.example/collect?x=1', false],
    ['ws://192.168.1.66:4567/', false],
  ])('%s: %s', (url, expected) => {
    expect(requestAllowed(url, allowed)).toBe(expected)
  })

  it('stops only the window’s requests to other servers, and follows the server in use', () => {
    const onBeforeRequest = vi.fn()
    let inUse = FRIEND
    fenceWindowRequests(
      { webRequest: { onBeforeRequest } } as never,
      () => 7,
      () => [APP, inUse],
    )
    const listener = onBeforeRequest.mock.calls[0]?.[1] as (
      details: { url: string; webContentsId?: number },
      callback: (response: { cancel: boolean }) => void,
    ) => void
    const verdict = (url: string, webContentsId?: number) => {
      const callback = vi.fn()
      listener({ url, webContentsId }, callback)
      return callback.mock.calls[0]?.[0]
    }
    const stranger = 'https://192.168.1.66:4567/api/auth/login'
    expect(verdict(stranger, 7)).toEqual({ cancel: true })
    expect(verdict(`${FRIEND}/api/feed`, 7)).toEqual({ cancel: false })
    // Not the window's (the spell checker's download, say): Chromium's business.
    expect(verdict('https://redirector.gvt1.com/dictionary', undefined)).toEqual({ cancel: false })
    inUse = 'https://192.168.1.66:4567'
    expect(verdict(stranger, 7)).toEqual({ cancel: false })
    expect(verdict(`${FRIEND}/api/feed`, 7)).toEqual({ cancel: true })
  })
})

describe('the profile folder', () => {
  it('follows GAMERSTAGE_USER_DATA only outside a packaged build', () => {
    const env = { GAMERSTAGE_USER_DATA: '/tmp/elsewhere' }
    expect(chosenUserData(false, env, [])).toBe('/tmp/elsewhere')
    expect(chosenUserData(true, env, ['gamerstage'])).toBeNull()
    expect(chosenUserData(true, {}, ['gamerstage', '--user-data-dir=/tmp/portable'])).toBe(
      '/tmp/portable',
    )
    expect(chosenUserData(false, {}, [])).toBeNull()
  })
})

describe('the trust dialog', () => {
  const check: ServerCheck = {
    origin: 'https://192.168.1.66:4567',
    trust: 'new',
    fingerprint: 'ab'.repeat(32),
    code: 'ABAB-ABAB-ABAB-ABAB',
    pinnedCode: null,
    name: "player1's Gamerstage",
    pinnedAddress: null,
  }

  it('shows the code to compare, with Cancel as the default and the Esc answer', () => {
    expect(trustDialogOptions(check)).toMatchObject({
      type: 'question',
      title: 'Compare the code',
      buttons: ['Cancel', 'The codes match: join'],
      defaultId: 0,
      cancelId: 0,
      detail: expect.stringContaining('ABAB-ABAB-ABAB-ABAB'),
    })
    expect(trustDialogOptions(check).detail).toContain(
      "“player1's Gamerstage” (https://192.168.1.66:4567)",
    )
  })

  it('warns about a changed certificate and a server using a known name', () => {
    const changed = trustDialogOptions({
      ...check,
      trust: 'changed',
      pinnedCode: 'CDCD-CDCD-CDCD-CDCD',
    })
    expect(changed).toMatchObject({ type: 'warning', defaultId: 0, cancelId: 0 })
    expect(changed.detail).toContain('You trusted:  CDCD-CDCD-CDCD-CDCD')
    expect(changed.detail).toContain('It shows now:  ABAB-ABAB-ABAB-ABAB')

    const taken = trustDialogOptions({
      ...check,
      trust: 'name-taken',
      pinnedCode: 'CDCD-CDCD-CDCD-CDCD',
      pinnedAddress: '192.168.1.20:4567',
    })
    expect(taken).toMatchObject({ type: 'warning', buttons: ['Cancel', 'Join this other server'] })
    expect(taken.message).toContain('is not the server you joined under that name')
    expect(taken.detail).toContain('(at 192.168.1.20:4567) showed:  CDCD-CDCD-CDCD-CDCD')
  })

  it('answers true only for the trusting button', async () => {
    for (const [response, trusted] of [
      [0, false],
      [1, true],
      [2, false],
    ] as const) {
      await expect(askInDialog(async () => ({ response }))(check)).resolves.toBe(trusted)
    }
  })
})
