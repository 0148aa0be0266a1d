/**
 * "Connect to a friend's server" with the servers found on the LAN (ConnectionPanel and
 * LanServerList), against a fake desktop bridge: the list is live, one click (or Enter) joins
 * through the same checked setConnection as a typed address, and typing stays possible.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectionPanel } from '../../src/renderer/src/components/ConnectionPanel'
import { LOOKING_TEXT } from '../../src/renderer/src/components/LanServerList'
import { connectionAtom } from '../../src/renderer/src/state/connection'
import type {
  Connection,
  ConnectionTarget,
  GamerstageBridge,
  LanServerList,
} from '../../src/shared/bridge'

const EMBEDDED: Connection = { kind: 'embedded', baseUrl: 'http://127.0.0.1:50000' }
const NOVA = {
  name: "nova's Gamerstage",
  url: 'http://192.168.1.21:4567',
  version: '0.1.0',
  fingerprint: null,
  code: null,
  sameName: null,
  known: false,
}
const ALICE = {
  name: "alice's Gamerstage",
  url: 'http://192.168.1.22:4568',
  version: '',
  fingerprint: null,
  code: null,
  sameName: null,
  known: false,
}

/** A desktop bridge whose LAN list the test drives, recording who watches. */
function fakeBridge(options: { canLook?: boolean } = {}) {
  const listeners = new Set<(list: LanServerList) => void>()
  const setConnection = vi.fn(async (target: ConnectionTarget): Promise<Connection> =>
    target.kind === 'remote'
      ? { kind: 'remote', baseUrl: target.url.replace(/\/+$/, '') }
      : EMBEDDED,
  )
  const stops = vi.fn()
  const bridge: GamerstageBridge = {
    platform: 'desktop',
    getConnection: async () => EMBEDDED,
    setConnection,
    onConnectionChange: () => () => undefined,
    getLanSharing: async () => ({
      enabled: false,
      port: 4567,
      addresses: [],
      plainHttp: false,
      fingerprint: null,
      code: null,
      demoAccountsDisabled: false,
    }),
    setLanSharing: async () => {
      throw new Error('not in this test')
    },
    getAppVersion: async () => '1.4.2',
    backupData: async () => null,
    restoreData: async () => null,
    ...(options.canLook === false
      ? {}
      : {
          watchLanServers: (listener: (list: LanServerList) => void) => {
            listeners.add(listener)
            return () => {
              stops()
              listeners.delete(listener)
            }
          },
        }),
  }
  const emit = (list: LanServerList) =>
    act(() => {
      for (const listener of listeners) listener(list)
    })
  return { bridge, setConnection, emit, stops, watchers: () => listeners.size }
}

function renderPanel(bridge: GamerstageBridge, connection: Connection = EMBEDDED) {
  ;(window as unknown as { gamerstage?: GamerstageBridge }).gamerstage = bridge
  const store = createStore()
  store.set(connectionAtom, connection)
  const view = render(
    <Provider store={store}>
      <ConnectionPanel />
    </Provider>,
  )
  return { ...view, store }
}

const foundList = () => screen.getByRole('list', { name: 'On your network' })
const foundNames = () =>
  within(foundList())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('strong')?.textContent)

describe('Connection: servers found on the LAN', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  afterEach(() => {
    cleanup()
    delete (window as unknown as { gamerstage?: GamerstageBridge }).gamerstage
  })

  it('looks while shown: an empty state first, then servers as they come and go', () => {
    const fake = fakeBridge()
    const { unmount } = renderPanel(fake.bridge)

    expect(fake.watchers()).toBe(1)
    expect(screen.getByText(LOOKING_TEXT)).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'On your network' })).toBeNull()

    fake.emit({ servers: [ALICE, NOVA], problem: null })
    expect(foundNames()).toEqual(["alice's Gamerstage", "nova's Gamerstage"])
    expect(screen.getByRole('status').textContent).toBe('2 servers found')
    expect(within(foundList()).getByText('192.168.1.21:4567')).toBeTruthy()
    expect(within(foundList()).getByText(/version 0\.1\.0/)).toBeTruthy()
    expect(screen.queryByText(LOOKING_TEXT)).toBeNull()

    fake.emit({ servers: [NOVA], problem: null })
    expect(foundNames()).toEqual(["nova's Gamerstage"])
    fake.emit({ servers: [], problem: null })
    expect(screen.getByText(LOOKING_TEXT)).toBeTruthy()

    unmount()
    expect(fake.stops).toHaveBeenCalledOnce()
    expect(fake.watchers()).toBe(0)
  })

  it('joins a found server in one click, through the checked setConnection', async () => {
    const fake = fakeBridge()
    const { store } = renderPanel(fake.bridge)
    fake.emit({ servers: [ALICE, NOVA], problem: null })

    await userEvent.click(screen.getByRole('button', { name: "Join nova's Gamerstage" }))

    expect(fake.setConnection).toHaveBeenCalledExactlyOnceWith({ kind: 'remote', url: NOVA.url })
    expect(store.get(connectionAtom)).toEqual({ kind: 'remote', baseUrl: NOVA.url })
    expect(screen.getByTestId('current-connection').textContent).toBe(NOVA.url)
    // The server in use is marked, not offered again; the others still are.
    const novaRow = within(foundList()).getByText(NOVA.name).closest('li') as HTMLElement
    expect(within(novaRow).getByText('Connected')).toBeTruthy()
    expect(within(novaRow).queryByRole('button')).toBeNull()
    expect(screen.getByRole('button', { name: "Join alice's Gamerstage" })).toBeTruthy()
  })

  it('joins with the keyboard alone', async () => {
    const fake = fakeBridge()
    renderPanel(fake.bridge)
    fake.emit({ servers: [NOVA], problem: null })

    const join = screen.getByRole('button', { name: "Join nova's Gamerstage" })
    for (let tab = 0; tab < 10 && document.activeElement !== join; tab++) await userEvent.tab()
    expect(document.activeElement).toBe(join)
    await userEvent.keyboard('{Enter}')

    expect(fake.setConnection).toHaveBeenCalledExactlyOnceWith({ kind: 'remote', url: NOVA.url })
  })

  it('shows why a found server cannot be joined, and leaves its address to edit', async () => {
    const fake = fakeBridge()
    let refuse: (error: Error) => void = () => undefined
    fake.setConnection.mockImplementationOnce(
      () => new Promise<Connection>((_resolve, reject) => (refuse = reject)),
    )
    renderPanel(fake.bridge)
    fake.emit({ servers: [ALICE, NOVA], problem: null })

    await userEvent.click(screen.getByRole('button', { name: "Join nova's Gamerstage" }))
    // While it is checked: that row says so, nothing else can be joined or sent.
    expect(screen.getByRole('button', { name: "Checking nova's Gamerstage" })).toHaveProperty(
      'disabled',
      true,
    )
    expect(screen.getByRole('button', { name: "Join alice's Gamerstage" })).toHaveProperty(
      'disabled',
      true,
    )
    expect(screen.getByRole('button', { name: 'Connect' })).toHaveProperty('disabled', true)

    await act(async () =>
      refuse(
        new Error(
          "Error invoking remote method 'gamerstage:set-connection': ConnectionError: " +
            'http://192.168.1.21:4567 answered, but it is not a Gamerstage server.',
        ),
      ),
    )

    expect(screen.getByRole('alert').textContent).toBe(
      'http://192.168.1.21:4567 answered, but it is not a Gamerstage server.',
    )
    expect(screen.getByTestId('current-connection').textContent).toBe('This computer')
    expect(screen.getByRole('radio', { name: /A friend's server/ })).toHaveProperty('checked', true)
    expect(screen.getByRole('textbox', { name: 'Server address' })).toHaveProperty(
      'value',
      NOVA.url,
    )
    expect(screen.getByRole('button', { name: "Join nova's Gamerstage" })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('still connects to a typed address while servers are listed', async () => {
    const fake = fakeBridge()
    renderPanel(fake.bridge)
    fake.emit({ servers: [NOVA], problem: null })

    await userEvent.click(screen.getByRole('radio', { name: /A friend's server/ }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Server address' }), '10.0.0.5:4567')
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }))

    expect(fake.setConnection).toHaveBeenCalledExactlyOnceWith({
      kind: 'remote',
      url: '10.0.0.5:4567',
    })
  })

  it('says when it cannot look, and typing an address still works', async () => {
    const fake = fakeBridge()
    renderPanel(fake.bridge)

    fake.emit({
      servers: [],
      problem: 'Could not look for servers on your network (bind EACCES 0.0.0.0:5353).',
    })

    expect(screen.getByRole('alert').textContent).toBe(
      'Could not look for servers on your network (bind EACCES 0.0.0.0:5353). You can still ' +
        'type the address below.',
    )
    expect(screen.queryByText(LOOKING_TEXT)).toBeNull()
    await userEvent.click(screen.getByRole('radio', { name: /A friend's server/ }))
    expect(screen.getByRole('textbox', { name: 'Server address' })).toBeTruthy()
  })

  it('shows a hint, not an error, where the bridge cannot look', () => {
    renderPanel(fakeBridge({ canLook: false }).bridge)

    expect(screen.getByText(/needs the Gamerstage desktop app/)).toBeTruthy()
    expect(screen.queryByText(LOOKING_TEXT)).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows what a hostile device announces as text, never as markup', () => {
    const fake = fakeBridge()
    renderPanel(fake.bridge)
    const name = '<img src=x onerror="window.__pwned=1">'

    fake.emit({ servers: [{ ...NOVA, name, version: '<b>9</b>' }], problem: null })

    expect(foundNames()).toEqual([name])
    expect(foundList().querySelector('img, b')).toBeNull()
    expect(screen.getByRole('button', { name: `Join ${name}` })).toBeTruthy()
  })
})
