/**
 * Joining a friend's HTTPS server from the Connection panel (docs/security.md), against a fake
 * desktop bridge: a certificate never seen is joined only after the person compares its code; one
 * announced on the LAN is joined without a question; a changed one stops with a warning and is
 * trusted again only on a deliberate click. The main process's side is tests/main/pinning.test.ts.
 */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectionPanel } from '../../src/renderer/src/components/ConnectionPanel'
import { connectionAtom } from '../../src/renderer/src/state/connection'
import type {
  Connection,
  ConnectionTarget,
  GamerstageBridge,
  LanServerList,
  ServerCheck,
} from '../../src/shared/bridge'

const EMBEDDED: Connection = { kind: 'embedded', baseUrl: 'http://127.0.0.1:50000' }
const ORIGIN = 'https://192.168.1.21:4567'
const PIN = '5d12a501faaa2690'.padEnd(64, '1')
const NEW = '0b7e44c1d2a39f0e'.padEnd(64, '2')

function fakeBridge(check: ServerCheck, servers: LanServerList['servers'] = []) {
  const setConnection = vi.fn(async (target: ConnectionTarget): Promise<Connection> =>
    target.kind === 'remote' ? { kind: 'remote', baseUrl: ORIGIN } : EMBEDDED,
  )
  const checkServer = vi.fn(async () => check)
  const bridge: GamerstageBridge = {
    platform: 'desktop',
    getConnection: async () => EMBEDDED,
    setConnection,
    checkServer,
    onConnectionChange: () => () => undefined,
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
    </Provider>,
  )
  return { setConnection, checkServer }
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

  it('shows the code of a new certificate and joins only once the person says it matches', async () => {
    const fake = fakeBridge({
      origin: ORIGIN,
      trust: 'new',
      fingerprint: PIN,
      code: '5D12-A501-FAAA-2690',
      pinnedCode: null,
    })
    const user = await typeAddress('192.168.1.21:4567')

    const dialog = await screen.findByRole('dialog', { name: 'Compare the code' })
    expect(fake.checkServer).toHaveBeenCalledExactlyOnceWith('192.168.1.21:4567')
    expect(within(dialog).getByTestId('joining-code').textContent).toBe('5D12A501FAAA2690')
    expect(within(dialog).getByTestId('joining-code').getAttribute('aria-label')).toBe(
      '5D12 A501 FAAA 2690',
    )
    expect(fake.setConnection).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'The codes match: join' }))
    expect(fake.setConnection).toHaveBeenCalledExactlyOnceWith({
      kind: 'remote',
      url: ORIGIN,
      fingerprint: PIN,
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('joins nothing when the person cancels the comparison', async () => {
    const fake = fakeBridge({
      origin: ORIGIN,
      trust: 'new',
      fingerprint: PIN,
      code: '5D12-A501-FAAA-2690',
      pinnedCode: null,
    })
    const user = await typeAddress('192.168.1.21:4567')
    const dialog = await screen.findByRole('dialog', { name: 'Compare the code' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fake.setConnection).not.toHaveBeenCalled()
  })

  it('stops on a changed certificate and trusts it again only deliberately', async () => {
    const fake = fakeBridge({
      origin: ORIGIN,
      trust: 'changed',
      fingerprint: NEW,
      code: '0B7E-44C1-D2A3-9F0E',
      pinnedCode: '5D12-A501-FAAA-2690',
    })
    const user = await typeAddress(ORIGIN)

    const dialog = await screen.findByRole('dialog', {
      name: 'Stop: the server’s certificate changed',
    })
    expect(within(dialog).getByRole('alert').textContent).toContain(
      `${ORIGIN} shows another certificate than the one you trusted`,
    )
    expect(within(dialog).getByTestId('pinned-code').textContent).toBe('5D12A501FAAA2690')
    expect(within(dialog).getByTestId('changed-code').textContent).toBe('0B7E44C1D2A39F0E')
    expect(fake.setConnection).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Trust the new certificate' }))
    expect(fake.setConnection).toHaveBeenCalledExactlyOnceWith({
      kind: 'remote',
      url: ORIGIN,
      fingerprint: NEW,
      retrust: true,
    })
  })

  it('joins a server found on the network with the certificate it announced, no question', async () => {
    const fake = fakeBridge(
      {
        origin: ORIGIN,
        trust: 'new',
        fingerprint: PIN,
        code: '5D12-A501-FAAA-2690',
        pinnedCode: null,
      },
      [{ name: "nova's Gamerstage", url: ORIGIN, version: '0.1.0', fingerprint: PIN }],
    )
    const user = userEvent.setup()
    const join = await screen.findByRole('button', { name: "Join nova's Gamerstage" })
    expect(join.closest('li')?.textContent).toContain('· encrypted')
    await user.click(join)

    expect(fake.setConnection).toHaveBeenCalledExactlyOnceWith({
      kind: 'remote',
      url: ORIGIN,
      fingerprint: PIN,
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks to compare when a found server shows another certificate than it announced', async () => {
    const fake = fakeBridge(
      {
        origin: ORIGIN,
        trust: 'new',
        fingerprint: NEW,
        code: '0B7E-44C1-D2A3-9F0E',
        pinnedCode: null,
      },
      [{ name: "nova's Gamerstage", url: ORIGIN, version: '0.1.0', fingerprint: PIN }],
    )
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: "Join nova's Gamerstage" }))

    expect(await screen.findByRole('dialog', { name: 'Compare the code' })).toBeTruthy()
    expect(fake.setConnection).not.toHaveBeenCalled()
  })
})
