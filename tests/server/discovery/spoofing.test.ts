/**
 * LAN discovery against a stranger on the party's Wi-Fi, with crafted packets through
 * the in-memory transport (tests never multicast): a known server's name announced from another
 * address is a second entry and never a takeover; an A record cannot point a server elsewhere
 * (at this computer's loopback, say); loopback, public and malformed senders are not listed.
 */
import { describe, expect, it } from 'vitest'
import type { Answer } from 'dns-packet'
import { advertiseServer } from '../../../src/server/discovery/advertiser'
import { browseServers } from '../../../src/server/discovery/browser'
import { isPrivateLanAddress } from '../../../src/server/discovery/lan-source'
import { SERVICE_TYPE } from '../../../src/server/discovery/records'
import { FakeBus } from './fake-transport'

const FRIEND = '192.168.1.20'
const STRANGER = '192.168.1.66'
const FRIEND_FP = 'aa'.repeat(32)
const STRANGER_FP = 'bb'.repeat(32)
const NAME = "player1's Gamerstage"
const INSTANCE = `${NAME}.${SERVICE_TYPE}`

/** A full announcement of `instance` as a hand-made packet: pointer, SRV, TXT and an A record. */
function announcement(options: {
  instance?: string
  port?: number
  fingerprint?: string | null
  target?: string
  address?: string
  ttl?: number
}): { answers: Answer[]; additionals: Answer[] } {
  const {
    instance = INSTANCE,
    port = 4567,
    fingerprint = null,
    target = 'stranger-pc.local',
    address,
    ttl = 120,
  } = options
  return {
    answers: [{ name: SERVICE_TYPE, type: 'PTR', ttl, data: instance }],
    additionals: [
      { name: instance, type: 'SRV', ttl, data: { port, target } },
      {
        name: instance,
        type: 'TXT',
        ttl,
        data: ['version=9.9.9', ...(fingerprint ? [`fp=${fingerprint}`] : [])],
      },
      ...(address ? [{ name: target, type: 'A' as const, ttl, data: address }] : []),
    ],
  }
}

/** The friend's real server, announced by the real advertiser from its own address. */
function friendOn(bus: FakeBus) {
  return advertiseServer({
    transport: bus.transport(FRIEND),
    name: NAME,
    port: 4567,
    version: '1.0.0',
    addresses: [FRIEND],
    host: 'player1-pc',
    fingerprint: FRIEND_FP,
  })
}

const rows = (browser: ReturnType<typeof browseServers>) =>
  browser.servers().map(({ name, url, fingerprint, seen }) => ({ name, url, fingerprint, seen }))

describe('a stranger announcing a friend’s server name', () => {
  it('gets a second entry of its own; the friend’s entry stays as it was', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    friendOn(bus)
    const friendRow = { name: NAME, url: `https://${FRIEND}:4567`, fingerprint: FRIEND_FP, seen: 1 }
    expect(rows(browser)).toEqual([friendRow])

    // The same instance name, from another computer, with its own certificate and port.
    bus.inject('response', announcement({ fingerprint: STRANGER_FP, port: 4568 }), STRANGER)

    expect(rows(browser)).toEqual([
      friendRow,
      { name: NAME, url: `https://${STRANGER}:4568`, fingerprint: STRANGER_FP, seen: 2 },
    ])
    browser.stop()
  })

  it('cannot rewrite the friend’s port or certificate with SRV and TXT records alone', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    friendOn(bus)
    const { additionals } = announcement({ fingerprint: STRANGER_FP, port: 4999 })
    bus.inject('response', { answers: additionals }, STRANGER)

    expect(rows(browser)).toEqual([
      { name: NAME, url: `https://${FRIEND}:4567`, fingerprint: FRIEND_FP, seen: 1 },
    ])
    browser.stop()
  })

  it('cannot say goodbye for the friend', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    friendOn(bus)
    bus.inject('response', announcement({ ttl: 0 }), STRANGER)

    expect(rows(browser).map((row) => row.url)).toEqual([`https://${FRIEND}:4567`])
    browser.stop()
  })

  it('cannot point the friend’s host name at another address, loopback included', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    friendOn(bus)
    for (const address of ['127.0.0.1', STRANGER]) {
      bus.inject(
        'response',
        { answers: [{ name: 'player1-pc.local', type: 'A', ttl: 120, data: address }] },
        STRANGER,
      )
    }

    expect(rows(browser).map((row) => row.url)).toEqual([`https://${FRIEND}:4567`])
    browser.stop()
  })

  it('is listed at its own address even when its A record names the friend’s', () => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    bus.inject(
      'response',
      announcement({ instance: `other.${SERVICE_TYPE}`, address: FRIEND }),
      STRANGER,
    )

    expect(rows(browser).map((row) => row.url)).toEqual([`http://${STRANGER}:4567`])
    browser.stop()
  })
})

describe('who may announce a server', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, elsewhere in 127/8', '127.8.9.10'],
    ['a public address', '8.8.8.8'],
    ['just outside 172.16/12', '172.32.0.1'],
    ['an IPv6 address', 'fe80::1'],
    ['nonsense', 'not-an-address'],
  ])('not %s (%s)', (_what, address) => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    bus.inject('response', announcement({}), address)

    expect(browser.servers()).toEqual([])
    expect(browser.heldRecords()).toBe(0)
    browser.stop()
  })

  it.each([
    ['10.1.2.3', 'http://10.1.2.3:4567'],
    ['172.20.0.5', 'http://172.20.0.5:4567'],
    ['192.168.0.9', 'http://192.168.0.9:4567'],
    ['169.254.10.20', 'http://169.254.10.20:4567'],
    ['::ffff:192.168.1.44', 'http://192.168.1.44:4567'],
  ])('a LAN address such as %s', (address, url) => {
    const bus = new FakeBus()
    const browser = browseServers({ transport: bus.transport('192.168.1.30') })
    bus.inject('response', announcement({}), address)

    expect(browser.servers().map((server) => server.url)).toEqual([url])
    browser.stop()
  })

  it('loopback only where a test asks for it (a loopback-only network namespace)', () => {
    const bus = new FakeBus()
    const browser = browseServers({
      transport: bus.transport('127.0.0.1'),
      acceptLoopback: true,
    })
    bus.inject('response', announcement({}), '127.0.0.1')
    expect(browser.servers().map((server) => server.url)).toEqual(['http://127.0.0.1:4567'])
    expect(isPrivateLanAddress('127.0.0.1')).toBe(false)
    browser.stop()
  })
})
