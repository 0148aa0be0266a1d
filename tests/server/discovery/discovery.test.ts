/**
 * LAN discovery's logic through an in-memory transport: tests never multicast onto this
 * machine's network. The real multicast-dns transport runs in netns.test.ts, inside a network
 * namespace of its own.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { advertiseServer } from '../../../src/server/discovery/advertiser'
import {
  browseServers,
  MAX_INSTANCES,
  MAX_TTL_SECONDS,
  type FoundServer,
} from '../../../src/server/discovery/browser'
import { startLanAdvertiser, startLanBrowser } from '../../../src/server/discovery'
import {
  defaultServerName,
  instanceLabel,
  SERVICE_TYPE,
} from '../../../src/server/discovery/records'
import { FakeBus } from './fake-transport'

afterEach(() => {
  vi.useRealTimers()
})

const advertise = (bus: FakeBus, name: string, port: number, address = '192.168.1.20') =>
  advertiseServer({
    transport: bus.transport(address),
    name,
    port,
    version: '1.2.3',
    addresses: [address],
    host: `pc-${address.replace(/\./g, '-')}`,
  })

describe('LAN discovery', () => {
  it('finds an advertised server with its name, address, port and version', () => {
    const bus = new FakeBus()
    const seen: FoundServer[][] = []
    const browser = browseServers({
      transport: bus.transport('192.168.1.30'),
      onChange: (list) => seen.push(list),
    })
    advertise(bus, defaultServerName('player1'), 4567)
    const expected = {
      name: "player1's Gamerstage",
      host: '192.168.1.20',
      port: 4567,
      version: '1.2.3',
      url: 'http://192.168.1.20:4567',
      fingerprint: null,
      seen: 1,
    }
    expect(browser.servers()).toEqual([expected])
    expect(seen.at(-1)).toEqual([expected])
    browser.stop()
  })

  it('announces the certificate fingerprint of an HTTPS server, which is then found at https://', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    const fingerprint = 'ab'.repeat(32)
    advertiseServer({
      transport: bus.transport('192.168.1.20'),
      name: 'secure',
      port: 4567,
      version: '1.2.3',
      addresses: ['192.168.1.20'],
      host: 'pc-20',
      fingerprint,
    })
    // A malformed fingerprint counts as none: that server is listed at http:// and not pinned.
    const sloppy = new FakeBus()
    const other = browseServers({ transport: sloppy.transport('192.168.1.30') })
    sloppy.transport('192.168.1.21').respond({
      answers: [{ name: SERVICE_TYPE, type: 'PTR', ttl: 120, data: `odd.${SERVICE_TYPE}` }],
      additionals: [
        {
          name: `odd.${SERVICE_TYPE}`,
          type: 'SRV',
          ttl: 120,
          data: { port: 4000, target: 'odd.local' },
        },
        { name: `odd.${SERVICE_TYPE}`, type: 'TXT', ttl: 120, data: ['version=1', 'fp=not-hex'] },
      ],
    })
    expect(browser.servers()).toMatchObject([
      { name: 'secure', url: 'https://192.168.1.20:4567', fingerprint },
    ])
    expect(other.servers()).toMatchObject([
      { name: 'odd', url: 'http://192.168.1.21:4000', fingerprint: null },
    ])
    browser.stop()
    other.stop()
  })

  it('answers a browser that starts later, and only queries for its own service', () => {
    const bus = new FakeBus()
    advertise(bus, 'early bird', 4000)
    const announced = bus.sent.length
    bus.inject('query', { questions: [{ name: '_printer._tcp.local', type: 'PTR' }] })
    expect(bus.sent.length).toBe(announced)
    const browser = browseServers({ transport: bus.transport('192.168.1.31') })
    expect(browser.servers().map((server) => server.name)).toEqual(['early bird'])
    const answer = bus.sent.at(-1)
    expect(answer?.kind).toBe('response')
    expect(answer?.packet.answers?.[0]).toMatchObject({ name: SERVICE_TYPE, type: 'PTR' })
    browser.stop()
  })

  it('lists several servers by name and drops one when it says goodbye', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    const first = advertise(bus, "nova's Gamerstage", 4567, '192.168.1.21')
    advertise(bus, "alice's Gamerstage", 4568, '192.168.1.22')
    expect(browser.servers().map((server) => server.url)).toEqual([
      'http://192.168.1.22:4568',
      'http://192.168.1.21:4567',
    ])
    first.stop()
    expect(browser.servers().map((server) => server.name)).toEqual(["alice's Gamerstage"])
    const goodbye = bus.sent.at(-1)?.packet.answers ?? []
    expect(goodbye.every((record) => 'ttl' in record && record.ttl === 0)).toBe(true)
    browser.stop()
  })

  it('forgets a server whose records expire without being renewed', () => {
    vi.useFakeTimers()
    let now = 1_000_000
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30'), now: () => now })
    bus.inject('response', {
      answers: [{ name: SERVICE_TYPE, type: 'PTR', ttl: 5, data: `gone.${SERVICE_TYPE}` }],
      additionals: [
        {
          name: `gone.${SERVICE_TYPE}`,
          type: 'SRV',
          ttl: 5,
          data: { port: 4567, target: 'x.local' },
        },
      ],
    })
    expect(browser.servers().map((server) => server.url)).toEqual(['http://10.0.0.99:4567'])
    now += 6000
    expect(browser.servers()).toEqual([])
    browser.stop()
  })

  it('ignores other services, half-described servers and nonsense from the LAN', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    bus.inject('response', {
      answers: [
        { name: '_printer._tcp.local', type: 'PTR', data: `office._printer._tcp.local` },
        { name: `office._printer._tcp.local`, type: 'SRV', data: { port: 631, target: 'p.local' } },
        // A pointer with no SRV: no port to join.
        { name: SERVICE_TYPE, type: 'PTR', data: `halfway.${SERVICE_TYPE}` },
        // A pointer to a name outside the service.
        { name: SERVICE_TYPE, type: 'PTR', data: 'evil.example.com' },
        // SRV and TXT of an instance nobody pointed at.
        { name: `orphan.${SERVICE_TYPE}`, type: 'SRV', data: { port: 1, target: 'o.local' } },
        { name: 'weird.local', type: 'A', data: 'not-an-address' },
      ],
    })
    bus.inject('response', {})
    expect(browser.servers()).toEqual([])
    browser.stop()
  })

  it('keeps names within one DNS label', () => {
    expect(instanceLabel('a.b')).toBe('a b')
    expect(instanceLabel('')).toBe('Gamerstage')
    const long = `${'ü'.repeat(40)}'s Gamerstage`
    expect(Buffer.byteLength(instanceLabel(long))).toBeLessThanOrEqual(63)
    expect(long.startsWith(instanceLabel(long))).toBe(true)
  })

  it('exports start functions that close only a transport they opened themselves', () => {
    const bus = new FakeBus()
    const transport = bus.transport('192.168.1.40')
    const found: FoundServer[][] = []
    const browser = startLanBrowser({
      transport: bus.transport('192.168.1.41'),
      onChange: (list) => found.push(list),
    })
    const advertiser = startLanAdvertiser({
      name: 'host',
      port: 4567,
      version: '9.9.9',
      transport,
      addresses: ['192.168.1.40'],
    })
    expect(found.at(-1)?.[0]).toMatchObject({ name: 'host', version: '9.9.9', port: 4567 })
    advertiser.stop()
    browser.stop()
    expect(transport.destroyed).toBe(false)
    expect(found.at(-1)).toEqual([])
  })
})

describe('LAN discovery against a flooding stranger', () => {
  const pointer = (label: string, ttl = 120) => ({
    name: SERVICE_TYPE,
    type: 'PTR' as const,
    ttl,
    data: `${label}.${SERVICE_TYPE}`,
  })

  it('holds at most MAX_INSTANCES servers however many are announced', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    for (let batch = 0; batch < 20; batch++) {
      bus.inject('response', {
        answers: Array.from({ length: 50 }, (_, index) => pointer(`flood-${batch}-${index}`)),
      })
    }
    expect(browser.heldRecords()).toBeLessThanOrEqual(MAX_INSTANCES)
    browser.stop()
  })

  it('keeps addresses only for the targets of known servers', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    bus.inject('response', {
      answers: Array.from({ length: 500 }, (_, index) => ({
        name: `host-${index}.local`,
        type: 'A' as const,
        ttl: 120,
        data: '10.0.0.1',
      })),
    })
    expect(browser.heldRecords()).toBe(0)
    advertise(bus, 'real one', 4567, '192.168.1.40')
    expect(browser.servers().map((server) => server.host)).toEqual(['192.168.1.40'])
    browser.stop()
  })

  it('forgets what expired, and caps a claimed TTL', () => {
    let now = 1_000_000
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30'), now: () => now })
    bus.inject('response', {
      answers: [pointer('short', 5), pointer('forever', 2 ** 31 - 1)],
    })
    expect(browser.heldRecords()).toBe(2)
    now += 6000
    bus.inject('response', {})
    expect(browser.heldRecords()).toBe(1)
    now += MAX_TTL_SECONDS * 1000
    bus.inject('response', {})
    expect(browser.heldRecords()).toBe(0)
    browser.stop()
  })
})
