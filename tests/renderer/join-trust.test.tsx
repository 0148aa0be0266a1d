/**
 * Joining a friend's HTTPS server from the Connection panel (docs/security.md), against a fake
 * desktop bridge. The person's word on a certificate is asked by the main process in a dialog of
 * its own (tests/main/pinning.test.ts): the page only asks to join, shows the main process's
 * answer, and marks found servers whose names look alike, each with its code.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CertificateAlarm } from '../../src/renderer/src/components/CertificateAlarm'
import { ConnectionPanel } from '../../src/renderer/src/components/ConnectionPanel'
import { JOIN_HINT } from '../../src/renderer/src/components/LanServerList'
import { connectionAtom } from '../../src/renderer/src/state/connection'
import type {
  CertificateChange,
  Connection,
  ConnectionTarget,
  GamerstageBridge,
  LanServer,
} from '../../src/shared/bridge'

const EMBEDDED: Connection = { kind: 'embedded', baseUrl: 'http://127.0.0.1:50000' }
const ORIGIN = 'https://192.168.1.21:4567'
const PIN = '5d12a501faaa2690'.padEnd(64, '1')
const NAME = "player1's Gamerstage"
const FRIEND: LanServer = {
  name: NAME,
  url: 'https://192.168.1.20:4567',
  version: '0.1.0',
  fingerprint: PIN,
  code: '5D12-A501-FAAA-2690',
  sameName: 'first',
  known: true,
}
const STRANGER: LanServer = {
  name: NAME,
  url: 'https://192.168.1.66:4567',
  version: '0.1.0',
  fingerprint: '0b7e44c1d2a39f0e'.padEnd(64, '2'),
  code: '0B7E-44C1-D2A3-9F0E',
  sameName: 'later',
  known: false,
}

function fakeBridge(servers: LanServer[] = []) {
  const setConnection = vi.fn(async (target: ConnectionTarget): Promise<Connection> =>
    target.kind === 'remote' ? { kind: 'remote', baseUrl: target.url } : EMBEDDED,
  )
  const checkServer = vi.fn()
  let certificateListener: ((change: CertificateChange) => void) | null = null
  const bridge: GamerstageBridge = {
    platform: 'desktop',
    getConnection: async () => EMBEDDED,
    setConnection,
    checkServer,
    onConnectionChange: () => () => undefined,
    onCertificateChanged: (listener) => {
      certificateListener = listener
      return () => undefined
    },
    getLanSharing: async () => {
      throw new Error('not in this test')
    },
    setLanSharing: async () => {
      throw new Error('not in this test')
    },
    getAppVersion: async () => '1.4.2',
    backupData: async () => null,
    restoreData: async () => null,
    watchLanServers: (listener) => {
      setTimeout(() => listener({ servers, problem: null }), 0)
      return () => undefined
    },
  }
  ;(window as unknown as { gamerstage?: GamerstageBridge }).gamerstage = bridge
  const store = createStore()
  store.set(connectionAtom, EMBEDDED)
  render(
    <Provider store={store}>
      <ConnectionPanel />
      <CertificateAlarm />
    </Provider>,
  )
  return {
    setConnection,
    checkServer,
    certificateChanged: (change: CertificateChange) => act(() => certificateListener?.(change)),
  }
}

async function typeAddress(address: string) {
  const user = userEvent.setup()
  await user.click(screen.getByRole('radio', { name: /A friend's server/ }))
  await user.type(screen.getByLabelText('Server address'), address)
  await user.click(screen.getByRole('button', { name: 'Connect' }))
  return user
}

describe('joining a friend’s HTTPS server', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    cleanup()
    delete (window as unknown as { gamerstage?: GamerstageBridge }).gamerstage
  })

  it('asks the main process to join, and draws no trust question of its own', async () => {
    const fake = fakeBridge()
    await typeAddress('192.168.1.21:4567')

    expect(fake.setConnection).toHaveBeenCalledExactlyOnceWith({
      kind: 'remote',
      url: '192.168.1.21:4567',
    })
    expect(fake.checkServer).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the main process’s answer when the person did not confirm the code', async () => {
    const fake = fakeBridge()
    fake.setConnection.mockRejectedValueOnce(
      new Error(
        "Error invoking remote method 'gamerstage:set-connection': ConnectionError: " +
          `Not joined: you did not confirm the code of ${ORIGIN}.`,
      ),
    )
    await typeAddress(ORIGIN)

    expect((await screen.findByRole('alert')).textContent).toBe(
      `Not joined: you did not confirm the code of ${ORIGIN}.`,
    )
    expect(screen.getByTestId('current-connection').textContent).toBe('This computer')
  })

  it('joins a found server with the certificate it announced, as an expectation only', async () => {
    const fake = fakeBridge([FRIEND])
    const user = userEvent.setup()
    // One row with a name nobody else uses.
    const join = await screen.findByRole('button', { name: `Join ${NAME} at 192.168.1.20:4567` })
    await user.click(join)

    expect(fake.setConnection).toHaveBeenCalledExactlyOnceWith({
      kind: 'remote',
      url: FRIEND.url,
      fingerprint: PIN,
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('marks two servers using one name, each with its code and address', async () => {
    fakeBridge([FRIEND, STRANGER])
    const list = await screen.findByRole('list', { name: 'On your network' })
    const [first, later] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement]

    expect(screen.getByText(JOIN_HINT)).toBeTruthy()
    expect(within(first).getByTestId('found-code').textContent).toBe('5D12-A501-FAAA-2690')
    expect(first.textContent).toContain('joined before')
    expect(first.textContent).toContain('Another server on your network uses this name too.')
    expect(within(later).getByTestId('found-code').textContent).toBe('0B7E-44C1-D2A3-9F0E')
    expect(later.textContent).not.toContain('joined before')
    expect(later.textContent).toContain(`Another server also calls itself “${NAME}”.`)
    // Each button says which one it joins.
    expect(within(first).getByRole('button').getAttribute('aria-label')).toBe(
      `Join ${NAME} at 192.168.1.20:4567`,
    )
    expect(within(later).getByRole('button').getAttribute('aria-label')).toBe(
      `Join ${NAME} at 192.168.1.66:4567`,
    )
  })

  it('leaves trusting a changed certificate to the main process, asking no re-pin itself', async () => {
    const fake = fakeBridge()
    fake.certificateChanged({
      origin: ORIGIN,
      fingerprint: STRANGER.fingerprint ?? '',
      code: '0B7E-44C1-D2A3-9F0E',
      pinnedCode: '5D12-A501-FAAA-2690',
    })
    const dialog = await screen.findByRole('dialog', {
      name: 'Stop: the server’s certificate changed',
    })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trust the new certificate' }))

    expect(fake.setConnection).toHaveBeenCalledExactlyOnceWith({
      kind: 'remote',
      url: ORIGIN,
      fingerprint: STRANGER.fingerprint,
    })
  })
})
