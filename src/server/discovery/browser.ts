/**
 * Lists the Gamerstage servers on the LAN from their DNS-SD answers, live: a server appears when
 * its pointer and SRV are known, and disappears on its goodbye or when its records expire.
 *
 * Anything on the LAN can answer, so nothing a packet says about another computer is believed
 * (docs/security.md): a server is listed at the address its packets came from, never at an
 * address an A record claims; an instance belongs to the sender that first announced it, and a
 * second sender using the same name is a second, separate entry (which the app marks), never a
 * takeover of the first; and only senders with a private LAN address count (lan-source.ts).
 */
import type { Answer } from 'dns-packet'
import { normalizeFingerprint } from '../../shared/fingerprint-code'
import { isLoopback, isPrivateLanAddress, plainIPv4 } from './lan-source'
import { instanceLabel, RECORD_TTL, SERVICE_TYPE } from './records'
import type { MdnsPacket, MdnsTransport, PacketSource } from './transport'

export interface FoundServer {
  /** The advertised name, e.g. "player1's Gamerstage". */
  name: string
  /** The IPv4 address its announcement came from. */
  host: string
  port: number
  /** Its Gamerstage version (TXT `version=`), or '' when it did not say. */
  version: string
  /** e.g. `https://192.168.1.20:4567`: what "Connect" checks and joins. */
  url: string
  /**
   * The SHA-256 fingerprint of its certificate (TXT `fp=`, 64 lowercase hex digits), or null for
   * a server that announces none: then it speaks plain HTTP and `url` is `http://`.
   */
  fingerprint: string | null
  /**
   * When it was first heard of, in the order of this browser (1, 2, …): of two servers with the
   * same name, the one heard of first has the smaller number.
   */
  seen: number
}

export interface BrowseOptions {
  transport: MdnsTransport
  /** Called with the whole list whenever it changes. */
  onChange?: (servers: FoundServer[]) => void
  /** How often to ask again (default 10 s); answers also arrive unasked. */
  queryEveryMs?: number
  /** Clock, for tests. */
  now?: () => number
  /**
   * Also list senders on 127.0.0.0/8: only for a test run inside a network namespace whose one
   * interface is loopback (tests/server/discovery/netns.test.ts). Never in the app.
   */
  acceptLoopback?: boolean
}

export interface Browser {
  servers(): FoundServer[]
  heldRecords(): number
  /** Asks the LAN right away. */
  refresh(): void
  stop(): void
}

interface Instance {
  name: string
  /** The address that announced it: its records count only from there. */
  source: string
  seen: number
  port?: number
  version: string
  fingerprint: string | null
  expiresAt: number
}

/**
 * Anything on the LAN can answer, so what the browser keeps is bounded: at most this many
 * instances (a flood of made-up servers cannot grow memory), and no record lives longer than
 * MAX_TTL_SECONDS whatever TTL it claims.
 */
export const MAX_INSTANCES = 256
export const MAX_TTL_SECONDS = 75 * 60

/** The TXT record's `key=value` strings, cut to a sane length. */
function txtEntries(data: unknown): string[] {
  const entries = Array.isArray(data) ? data : [data]
  return entries.map((entry) =>
    (Buffer.isBuffer(entry) ? entry.toString('utf8') : String(entry)).slice(0, 200),
  )
}

function txtValue(data: unknown, key: string): string | undefined {
  const found = txtEntries(data).find((entry) => entry.startsWith(`${key}=`))
  return found?.slice(key.length + 1)
}

function txtVersion(data: unknown): string {
  return (txtValue(data, 'version') ?? '').slice(0, 40)
}

/** TXT `fp=`: only a well-formed SHA-256 fingerprint counts. */
function txtFingerprint(data: unknown): string | null {
  return normalizeFingerprint(txtValue(data, 'fp') ?? '')
}

export function browseServers(options: BrowseOptions): Browser {
  const { transport, now = Date.now } = options
  /** By instance name and the address that announced it (see the file's comment). */
  const instances = new Map<string, Instance>()
  let heard = 0
  let last = ''

  const keyOf = (fullName: string, source: string) => `${fullName.toLowerCase()} ${source}`

  const list = (): FoundServer[] => {
    const time = now()
    const found: FoundServer[] = []
    for (const instance of instances.values()) {
      if (instance.expiresAt <= time || instance.port === undefined) continue
      const host = instance.source
      found.push({
        name: instance.name,
        host,
        port: instance.port,
        version: instance.version,
        url: `${instance.fingerprint ? 'https' : 'http'}://${host}:${instance.port}`,
        fingerprint: instance.fingerprint,
        seen: instance.seen,
      })
    }
    return found.sort(
      (a, b) => a.name.localeCompare(b.name) || a.seen - b.seen || a.url.localeCompare(b.url),
    )
  }

  const changed = () => {
    const servers = list()
    const key = JSON.stringify(servers)
    if (key !== last) {
      last = key
      options.onChange?.(servers)
    }
  }

  /** Forgets what expired, so the map holds only what is alive. */
  const prune = () => {
    const time = now()
    for (const [key, instance] of instances) if (instance.expiresAt <= time) instances.delete(key)
  }

  const instanceFor = (fullName: string, source: string): Instance | undefined => {
    if (!fullName.toLowerCase().endsWith(`.${SERVICE_TYPE}`)) return undefined
    const key = keyOf(fullName, source)
    let instance = instances.get(key)
    if (!instance) {
      if (instances.size >= MAX_INSTANCES) return undefined
      const label = fullName.slice(0, fullName.length - SERVICE_TYPE.length - 1)
      instance = {
        name: instanceLabel(label),
        source,
        seen: ++heard,
        version: '',
        fingerprint: null,
        expiresAt: 0,
      }
      instances.set(key, instance)
    }
    return instance
  }

  const take = (record: Answer, source: string) => {
    const claimed = 'ttl' in record && record.ttl !== undefined ? record.ttl : RECORD_TTL
    const ttl = Math.min(claimed, MAX_TTL_SECONDS) * 1000
    if (record.type === 'PTR' && record.name.toLowerCase() === SERVICE_TYPE) {
      const instance = instanceFor(record.data, source)
      if (!instance) return
      instance.expiresAt = ttl === 0 ? 0 : now() + ttl
    } else if (record.type === 'SRV') {
      // Only the sender that announced the instance describes it.
      const instance = instances.get(keyOf(record.name, source))
      if (!instance) return
      if (ttl === 0) instance.expiresAt = 0
      else if (record.data.port > 0 && record.data.port < 65536) instance.port = record.data.port
    } else if (record.type === 'TXT') {
      const instance = instances.get(keyOf(record.name, source))
      if (instance) {
        instance.version = txtVersion(record.data)
        instance.fingerprint = txtFingerprint(record.data)
      }
    }
    // A records are not read: a server is listed where its packets come from (see above).
  }

  const acceptable = (address: string) =>
    isPrivateLanAddress(address) || (options.acceptLoopback === true && isLoopback(address))

  const onResponse = (packet: MdnsPacket, from: PacketSource) => {
    const source = plainIPv4(from.address)
    if (source === null || !acceptable(source)) return
    // Pointers first, so that the SRV and TXT records of the same packet find their instance.
    const rank = (record: Answer) => (record.type === 'PTR' ? 0 : 1)
    const records = [...(packet.answers ?? []), ...(packet.additionals ?? [])].sort(
      (a, b) => rank(a) - rank(b),
    )
    prune()
    for (const record of records) take(record, source)
    changed()
  }

  const refresh = () => transport.query({ questions: [{ name: SERVICE_TYPE, type: 'PTR' }] })
  transport.on('response', onResponse)
  refresh()
  const timer = setInterval(() => {
    prune()
    refresh()
    changed()
  }, options.queryEveryMs ?? 10_000)
  timer.unref()

  return {
    servers: list,
    /** How many instances are held, expired or not: for the memory bound's test. */
    heldRecords: () => instances.size,
    refresh,
    stop() {
      clearInterval(timer)
    },
  }
}
