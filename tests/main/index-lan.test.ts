/**
 * Servers found on the LAN, through the whole main process (src/main/index.ts) with `electron`
 * mocked: Host for LAN announces the app's server, the window gets the servers found, quitting
 * says goodbye. multicast-dns is replaced by the in-memory bus of the server tests, and this
 * computer's LAN address by a fixed one: nothing here can send a packet onto this machine's
 * network (the real transport is tested in tests/server/discovery/netns.test.ts, in a network
 * namespace of its own).
 */
import { writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { advertiseServer } from '../../src/server/discovery/advertiser'
import { startLanBrowser } from '../../src/server/discovery'
import * as transportModule from '../../src/server/discovery/transport'
import { SERVICE_TYPE } from '../../src/server/discovery/records'
import type { LanServerList } from '../../src/shared/bridge'
import { Channel } from '../../src/shared/ipc-channels'
import type { FakeBus } from '../server/discovery/fake-transport'
import { freshElectron, fromWindow, ipcHandler, launchApp, quitApp } from './helpers/main-process'
import { freePort, removeTempDirs, signUp } from './helpers/net'
import type { BrowserWindow, ElectronMock } from './mocks/electron'

const HOST_ADDRESS = vi.hoisted(() => '192.168.1.20')

vi.mock('electron', () => import('./mocks/electron'))
vi.mock('../../src/server/discovery/transport', async () => {
  const { FakeBus } = await import('../server/discovery/fake-transport')
  const bus = new FakeBus()
  // `bus` is not multicast-dns's: tests reach the bus through it.
  return { bus, multicastTransport: () => bus.transport(HOST_ADDRESS) }
})
vi.mock('../../src/server/discovery/lan-addresses', () => ({
  lanAddresses: (port: number) => [`http://${HOST_ADDRESS}:${port}`],
}))

const bus = (transportModule as unknown as { bus: FakeBus }).bus
const computerName = `${hostname().split('.')[0]}'s Gamerstage`

/** What a friend's computer on the LAN lists right now. */
function seenFromLan(): { name: string; url: string; version: string }[] {
  const browser = startLanBrowser({ transport: bus.transport('192.168.1.99') })
  const found = browser.servers().map(({ name, url, version }) => ({ name, url, version }))
  browser.stop()
  return found
}

const goodbyes = () =>
  bus.sent
    .flatMap((sent) => sent.packet.answers ?? [])
    .flatMap((record) => (record.type === 'PTR' && record.ttl === 0 ? [record.data] : []))
    .map((instance) => instance.replace(`.${SERVICE_TYPE}`, ''))

describe('main process: servers found on the LAN', { timeout: 20_000 }, () => {
  let electron: ElectronMock

  beforeEach(async () => {
    electron = await freshElectron()
    bus.sent.length = 0
  })

  afterEach(async () => {
    await quitApp(electron)
    vi.unstubAllEnvs()
    removeTempDirs()
  })

  const launch = () => launchApp(electron)

  function invoke(channel: Channel, window: BrowserWindow, ...args: unknown[]): Promise<unknown> {
    return Promise.resolve(ipcHandler(electron, channel)(fromWindow(window), ...args))
  }

  const sentLists = (window: BrowserWindow) =>
    window.webContents.send.mock.calls
      .filter(([channel]) => channel === Channel.LanServersChanged)
      .map(([, list]) => list as LanServerList)

  it('announces the server while Host for LAN is on, after its owner once signed in', async () => {
    const { window, url } = await launch()
    const port = await freePort()
    expect(seenFromLan()).toEqual([])

    await invoke(Channel.SetLanSharing, window, { enabled: true, port })
    // Shared over HTTPS: announced with its certificate, so found at https://.
    const lanUrl = `https://${HOST_ADDRESS}:${port}`
    expect(seenFromLan()).toEqual([{ name: computerName, url: lanUrl, version: '0.0.0-test' }])

    // The host signs up in the app's window (loopback): reading the status renames the server.
    await signUp(url, 'hostgamer')
    await invoke(Channel.GetLanSharing, window)
    expect(goodbyes()).toEqual([computerName])
    expect(seenFromLan()).toEqual([
      { name: "hostgamer's Gamerstage", url: lanUrl, version: '0.0.0-test' },
    ])

    await invoke(Channel.SetLanSharing, window, { enabled: false })
    expect(goodbyes()).toEqual([computerName, "hostgamer's Gamerstage"])
    expect(seenFromLan()).toEqual([])
  })

  it('announces at start when the settings say it hosts', async () => {
    const port = await freePort()
    writeFileSync(
      join(electron.app.getPath('userData'), 'settings.json'),
      JSON.stringify({ lanSharing: { enabled: true, port } }),
    )

    await launch()

    expect(seenFromLan()).toEqual([
      { name: computerName, url: `https://${HOST_ADDRESS}:${port}`, version: '0.0.0-test' },
    ])
  })

  it('says goodbye on the LAN when the app quits while hosting', async () => {
    const port = await freePort()
    const { window } = await launch()
    await invoke(Channel.SetLanSharing, window, { enabled: true, port })
    expect(seenFromLan()).toHaveLength(1)

    const quits = electron.app.quit.mock.calls.length
    electron.app.emit('will-quit', { preventDefault: vi.fn() })

    expect(goodbyes()).toEqual([computerName])
    expect(seenFromLan()).toEqual([])
    await vi.waitFor(() => expect(electron.app.quit.mock.calls.length).toBe(quits + 1))
  })

  it('sends the window the servers found, live, without its own, while it watches', async () => {
    const { window } = await launch()
    const port = await freePort()
    await invoke(Channel.SetLanSharing, window, { enabled: true, port })
    const nova = advertiseServer({
      transport: bus.transport('192.168.1.21'),
      name: "nova's Gamerstage",
      port: 4567,
      version: '0.1.0',
      addresses: ['192.168.1.21'],
      host: 'nova-pc',
    })
    const novaServer = {
      name: "nova's Gamerstage",
      url: 'http://192.168.1.21:4567',
      version: '0.1.0',
      fingerprint: null,
      code: null,
      sameName: null,
      known: false,
    }

    expect(await invoke(Channel.WatchLanServers, window, true)).toEqual({
      servers: [novaServer],
      problem: null,
    })

    const alice = advertiseServer({
      transport: bus.transport('192.168.1.22'),
      name: "alice's Gamerstage",
      port: 4568,
      version: '0.1.0',
      addresses: ['192.168.1.22'],
      host: 'alice-pc',
    })
    expect(
      sentLists(window)
        .at(-1)
        ?.servers.map((server) => server.name),
    ).toEqual(["alice's Gamerstage", "nova's Gamerstage"])
    alice.stop()
    expect(sentLists(window).at(-1)).toEqual({ servers: [novaServer], problem: null })

    // Only the app's own window may ask.
    const stranger = { sender: {}, senderFrame: window.webContents.mainFrame }
    const handler = electron.ipcMain.handlers.get(Channel.WatchLanServers)
    await expect(Promise.resolve().then(() => handler?.(stranger, true))).rejects.toThrow(
      'Not allowed.',
    )

    await invoke(Channel.WatchLanServers, window, false)
    const sent = sentLists(window).length
    nova.stop()
    expect(sentLists(window)).toHaveLength(sent)
  })

  it('stops looking when the window closes', async () => {
    const { window } = await launch()
    await invoke(Channel.WatchLanServers, window, true)

    window.emit('closed')
    const sent = sentLists(window).length
    advertiseServer({
      transport: bus.transport('192.168.1.23'),
      name: 'late',
      port: 4567,
      version: '0.1.0',
      addresses: ['192.168.1.23'],
      host: 'late-pc',
    })

    expect(sentLists(window)).toHaveLength(sent)
  })
})
