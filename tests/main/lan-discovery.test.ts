/**
 * The desktop app's LAN discovery (src/main/lan-discovery.ts) with the real advertiser and
 * browser of src/server/discovery, on the in-memory mDNS bus of the server tests: nothing here
 * opens a socket, so no packet can reach this machine's network (the real multicast transport is
 * tested in tests/server/discovery/netns.test.ts, inside a network namespace of its own).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  LanDiscovery,
  MAX_LISTED_SERVERS,
  UNNAMED_SERVER,
  advertisedName,
  type LanDiscoveryDeps,
} from '../../src/main/lan-discovery'
import { startLanBrowser, type Browser } from '../../src/server/discovery'
import { advertiseServer } from '../../src/server/discovery/advertiser'
import { SERVICE_TYPE } from '../../src/server/discovery/records'
import type { LanServerList } from '../../src/shared/bridge'
import { FakeBus } from '../server/discovery/fake-transport'

const HOST_ADDRESS = '192.168.1.20'
const HOSTING = { enabled: true, port: 4567, addresses: [`http://${HOST_ADDRESS}:4567`] }
const NOT_HOSTING = { enabled: false, port: 4567, addresses: [] }

/** A computer on the bus announcing a server, under a `.local` name of its own. */
function announce(bus: FakeBus, name: string, address: string, port: number, version: string) {
  return advertiseServer({
    transport: bus.transport(address),
    name,
    port,
    version,
    addresses: [address],
    host: `pc-${address.replace(/\./g, '-')}`,
  })
}

/** A friend's computer announcing a server. */
const friend = (bus: FakeBus, name: string, address: string, port = 4567) =>
  announce(bus, name, address, port, '0.1.0')

/** What the LAN lists right now, seen from a third computer. */
function seenFromLan(bus: FakeBus): string[] {
  const browser = startLanBrowser({ transport: bus.transport('192.168.1.99') })
  const names = browser.servers().map((server) => `${server.name} ${server.url} ${server.version}`)
  browser.stop()
  return names
}

/** The names of the goodbyes (TTL 0 pointers) sent on the bus so far. */
function goodbyes(bus: FakeBus): string[] {
  return bus.sent
    .flatMap((sent) => sent.packet.answers ?? [])
    .flatMap((record) => (record.type === 'PTR' && record.ttl === 0 ? [record.data] : []))
    .map((instance) => instance.replace(`.${SERVICE_TYPE}`, ''))
}

function setup(overrides: Partial<LanDiscoveryDeps> = {}) {
  const bus = new FakeBus()
  const published: LanServerList[] = []
  const browsers: Browser[] = []
  let owner: string | null = null
  const deps: LanDiscoveryDeps = {
    advertise: vi.fn((options) =>
      announce(bus, options.name, HOST_ADDRESS, options.port, options.version),
    ),
    browse: vi.fn((options) => {
      const browser = startLanBrowser({ ...options, transport: bus.transport(HOST_ADDRESS) })
      browsers.push(browser)
      return browser
    }),
    serverName: () => advertisedName(owner, 'gaming-pc.example.lan'),
    version: '1.4.2',
    publish: (list) => published.push(list),
    warn: vi.fn(),
    ...overrides,
  }
  const discovery = new LanDiscovery(deps)
  return {
    bus,
    deps,
    discovery,
    published,
    browsers,
    signIn: (name: string) => (owner = name),
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('advertisedName', () => {
  it.each([
    ['player1', 'gaming-pc', "player1's Gamerstage"],
    [' player1 ', 'gaming-pc', "player1's Gamerstage"],
    [null, 'gaming-pc', "gaming-pc's Gamerstage"],
    [null, 'Gaming-PC.local', "Gaming-PC's Gamerstage"],
    ['', 'box.example.lan', "box's Gamerstage"],
    [null, '', "Gamerstage's Gamerstage"],
  ])('names the server after %j on computer %j: %j', (owner, computer, expected) => {
    expect(advertisedName(owner, computer)).toBe(expected)
  })
})

describe('LanDiscovery: announcing while Host for LAN is on', () => {
  it('announces the server under the computer’s name, with its port and version', () => {
    const { bus, discovery } = setup()
    expect(seenFromLan(bus)).toEqual([])

    discovery.host(HOSTING)

    expect(discovery.advertisedAs).toBe("gaming-pc's Gamerstage")
    expect(seenFromLan(bus)).toEqual([`gaming-pc's Gamerstage http://${HOST_ADDRESS}:4567 1.4.2`])
  })

  it('says goodbye when hosting stops, so friends’ lists drop it at once', () => {
    const { bus, discovery } = setup()
    discovery.host(HOSTING)

    discovery.host(NOT_HOSTING)

    expect(discovery.advertisedAs).toBeNull()
    expect(goodbyes(bus)).toEqual(["gaming-pc's Gamerstage"])
    expect(seenFromLan(bus)).toEqual([])
  })

  it('announces once however often the status is read, and again under a new name or port', () => {
    const { bus, deps, discovery, signIn } = setup()
    discovery.host(HOSTING)
    discovery.host(HOSTING)
    discovery.host({ ...HOSTING })
    expect(deps.advertise).toHaveBeenCalledTimes(1)

    // The host signs in after turning sharing on: the next read of the status renames it.
    signIn('player1')
    discovery.host(HOSTING)
    expect(goodbyes(bus)).toEqual(["gaming-pc's Gamerstage"])
    expect(seenFromLan(bus)).toEqual([`player1's Gamerstage http://${HOST_ADDRESS}:4567 1.4.2`])

    discovery.host({ ...HOSTING, port: 5000, addresses: [`http://${HOST_ADDRESS}:5000`] })
    expect(deps.advertise).toHaveBeenCalledTimes(3)
    expect(seenFromLan(bus)).toEqual([`player1's Gamerstage http://${HOST_ADDRESS}:5000 1.4.2`])
  })

  it('keeps hosting when announcing fails, and says why in the log', () => {
    const { deps, discovery } = setup({
      advertise: () => {
        throw new Error('bind EACCES 0.0.0.0:5353')
      },
    })

    expect(() => discovery.host(HOSTING)).not.toThrow()

    expect(discovery.advertisedAs).toBeNull()
    expect(deps.warn).toHaveBeenCalledExactlyOnceWith(
      'LAN discovery: could not announce the server: bind EACCES 0.0.0.0:5353',
    )
  })

  it('says goodbye and stops looking when the app quits, and stays quiet afterwards', () => {
    const { bus, deps, discovery, browsers } = setup()
    discovery.host(HOSTING)
    discovery.watch()
    const stop = vi.spyOn(browsers[0] as Browser, 'stop')

    discovery.close()

    expect(goodbyes(bus)).toEqual(["gaming-pc's Gamerstage"])
    expect(stop).toHaveBeenCalledOnce()
    discovery.host(HOSTING)
    discovery.watch()
    expect(deps.advertise).toHaveBeenCalledTimes(1)
    expect(deps.browse).toHaveBeenCalledTimes(1)
    expect(seenFromLan(bus)).toEqual([])
  })
})

describe('LanDiscovery: the servers found on the LAN', () => {
  it('lists the servers already there, then each one that comes and goes, live', () => {
    const { bus, discovery, published } = setup()
    friend(bus, "nova's Gamerstage", '192.168.1.21')

    expect(discovery.watch()).toEqual({
      servers: [
        {
          name: "nova's Gamerstage",
          url: 'http://192.168.1.21:4567',
          version: '0.1.0',
          fingerprint: null,
          code: null,
          sameName: null,
          known: false,
        },
      ],
      problem: null,
    })

    const alice = friend(bus, "alice's Gamerstage", '192.168.1.22', 4568)
    expect(published.at(-1)?.servers.map((server) => server.url)).toEqual([
      'http://192.168.1.22:4568',
      'http://192.168.1.21:4567',
    ])
    alice.stop()
    expect(published.at(-1)?.servers.map((server) => server.name)).toEqual(["nova's Gamerstage"])
  })

  it('looks once however often the window asks, and stops when it is done', () => {
    const { bus, deps, discovery, published, browsers } = setup()
    discovery.watch()
    discovery.watch()
    expect(deps.browse).toHaveBeenCalledTimes(1)
    expect(discovery.watching).toBe(true)
    const stop = vi.spyOn(browsers[0] as Browser, 'stop')

    discovery.unwatch()

    expect(stop).toHaveBeenCalledOnce()
    expect(discovery.watching).toBe(false)
    const before = published.length
    friend(bus, "nova's Gamerstage", '192.168.1.21')
    expect(published).toHaveLength(before)
    expect(discovery.list()).toEqual({ servers: [], problem: null })
    // Looking again starts afresh.
    expect(discovery.watch().servers.map((server) => server.name)).toEqual(["nova's Gamerstage"])
    expect(deps.browse).toHaveBeenCalledTimes(2)
  })

  it('leaves this computer’s own server out while it hosts', () => {
    const { bus, discovery, published } = setup()
    friend(bus, "nova's Gamerstage", '192.168.1.21')
    discovery.watch()

    discovery.host(HOSTING)
    expect(discovery.list().servers.map((server) => server.name)).toEqual(["nova's Gamerstage"])
    // Stopping sends a goodbye; the list stays the friend's alone throughout.
    discovery.host(NOT_HOSTING)
    expect(
      published.every((list) => list.servers.every((s) => !s.url.includes(HOST_ADDRESS))),
    ).toBe(true)
    expect(discovery.list().servers.map((server) => server.name)).toEqual(["nova's Gamerstage"])
  })

  it('cleans what a hostile device announces: invisible characters, blank names, floods', () => {
    const { bus, discovery, published } = setup()
    discovery.watch()
    friend(bus, 'nova\u202Eexe.jpg\u0007 Gamerstage', '192.168.1.21')
    friend(bus, '\u200B\u2066', '192.168.1.22')
    bus.inject('response', {
      answers: Array.from({ length: 120 }, (_, index) => ({
        name: SERVICE_TYPE,
        type: 'PTR' as const,
        ttl: 120,
        data: `zz-flood ${String(index).padStart(3, '0')}.${SERVICE_TYPE}`,
      })),
      additionals: Array.from({ length: 120 }, (_, index) => ({
        name: `zz-flood ${String(index).padStart(3, '0')}.${SERVICE_TYPE}`,
        type: 'SRV' as const,
        ttl: 120,
        data: { port: 4000 + index, target: 'flood.local' },
      })),
    })

    const servers = published.at(-1)?.servers ?? []
    expect(discovery.list().servers).toEqual(servers)

    // The first ones in name order stay: the list cannot grow past the cap, however many answer.
    expect(servers).toHaveLength(MAX_LISTED_SERVERS)
    expect(servers.map((server) => server.name)).toContain('novaexe jpg Gamerstage')
    expect(servers.map((server) => server.name)).toContain(UNNAMED_SERVER)
    for (const server of servers) {
      // The control characters are the point of this pattern.
      // eslint-disable-next-line no-control-regex
      expect(server.name).not.toMatch(/[\u0000-\u001F\u200B\u202A-\u202E\u2066-\u2069]/)
      expect(server.url).toMatch(/^http:\/\/\d{1,3}(\.\d{1,3}){3}:\d+$/)
    }
  })

  it('marks look-alike and duplicate names, the first heard of first, with every code', () => {
    const trusted = 'aa'.repeat(32)
    const { bus, discovery } = setup({ isTrusted: (fingerprint) => fingerprint === trusted })
    discovery.watch()
    const secure = (name: string, address: string, fingerprint: string) =>
      advertiseServer({
        transport: bus.transport(address),
        name,
        port: 4567,
        version: '0.1.0',
        addresses: [address],
        host: `pc-${address.replace(/\./g, '-')}`,
        fingerprint,
      })
    secure("player1's Gamerstage", '192.168.1.20', trusted)
    friend(bus, "nova's Gamerstage", '192.168.1.21')
    // A stranger: the same name from another computer, then a look-alike (Cyrillic а, digit 1).
    secure("player1's Gamerstage", '192.168.1.66', 'bb'.repeat(32))
    secure('p1\u0430yer1’s  Gamerstage', '192.168.1.67', 'cc'.repeat(32))

    const rows = discovery
      .list()
      .servers.map(({ name, url, code, sameName, known }) => ({ name, url, code, sameName, known }))
    expect(rows).toEqual([
      {
        name: "nova's Gamerstage",
        url: 'http://192.168.1.21:4567',
        code: null,
        sameName: null,
        known: false,
      },
      {
        name: "player1's Gamerstage",
        url: 'https://192.168.1.20:4567',
        code: 'AAAA-AAAA-AAAA-AAAA',
        sameName: 'first',
        known: true,
      },
      {
        name: "player1's Gamerstage",
        url: 'https://192.168.1.66:4567',
        code: 'BBBB-BBBB-BBBB-BBBB',
        sameName: 'later',
        known: false,
      },
      {
        name: 'p1\u0430yer1’s Gamerstage',
        url: 'https://192.168.1.67:4567',
        code: 'CCCC-CCCC-CCCC-CCCC',
        sameName: 'later',
        known: false,
      },
    ])
    // What the main process itself knows of a row, for joining it (never the window's word).
    expect(discovery.announced('https://192.168.1.66:4567')).toEqual({
      name: "player1's Gamerstage",
      fingerprint: 'bb'.repeat(32),
    })
    expect(discovery.announced('https://192.168.1.99:4567')).toBeNull()
  })

  it('says so when the network refuses to be looked at, and tries again next time', () => {
    let fail = true
    const { discovery, published, bus } = setup({
      browse: (options) => {
        if (fail) throw new Error('bind EACCES 0.0.0.0:5353')
        return startLanBrowser({ ...options, transport: bus.transport(HOST_ADDRESS) })
      },
    })

    expect(discovery.watch()).toEqual({
      servers: [],
      problem: 'Could not look for servers on your network (bind EACCES 0.0.0.0:5353).',
    })
    expect(discovery.watching).toBe(false)
    expect(published).toEqual([])

    fail = false
    expect(discovery.watch()).toEqual({ servers: [], problem: null })
  })

  it('reports a socket that fails while looking', () => {
    let failLater: (error: Error) => void = () => undefined
    const { discovery, published, bus } = setup({
      browse: (options) => {
        failLater = options.onError
        return startLanBrowser({ ...options, transport: bus.transport(HOST_ADDRESS) })
      },
    })
    discovery.watch()

    failLater(new Error('send ENETUNREACH'))

    expect(published.at(-1)).toEqual({
      servers: [],
      problem: 'Could not look for servers on your network (send ENETUNREACH).',
    })
  })
})
