/**
 * Lists the Gamerstage servers on the LAN from their DNS-SD answers, live: a server appears when
 * its pointer, SRV and an address are known, and disappears on its goodbye or when its records
 * expire.
 */
import type { Answer } from 'dns-packet'
import { normalizeFingerprint } from '../../shared/fingerprint-code'
import { instanceLabel, RECORD_TTL, SERVICE_TYPE } from './records'
import type { MdnsPacket, MdnsTransport, PacketSource } from './transport'

export interface FoundServer {
  /** The advertised name, e.g. "player1's Gamerstage". */
  name: string
  /** An IPv4 address it answered from or announced. */
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
}

export interface BrowseOptions {
  transport: MdnsTransport
  /** Called with the whole list whenever it changes. */
  onChange?: (servers: FoundServer[]) => void
  /** How often to ask again (default 10 s); answers also arrive unasked. */
  queryEveryMs?: number
  /** Clock, for tests. */
  now?: () => number
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
  port?: number
  target?: string
  version: string
  fingerprint: string | null
  source?: string
  expiresAt: number
}

/**
 * Anything on the LAN can answer, so what the browser keeps is bounded: at most this many
 * instances and addresses (a flood of made-up servers cannot grow memory), and no record lives
 * longer than MAX_TTL_SECONDS whatever TTL it claims.
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
  const instances = new Map<string, Instance>()
  const addresses = new Map<string, { address: string; expiresAt: number }>()
  let last = ''

  const list = (): FoundServer[] => {
    const time = now()
    const found: FoundServer[] = []
    for (const instance of instances.values()) {
      if (instance.expiresAt <= time || instance.port === undefined) continue
      const announced = instance.target ? addresses.get(instance.target.toLowerCase()) : undefined
      const host =
        announced && announced.expiresAt > time ? announced.address : (instance.source ?? '')
      if (!host) continue
      found.push({
        name: instance.name,
        host,
        port: instance.port,
        version: instance.version,
        url: `${instance.fingerprint ? 'https' : 'http'}://${host}:${instance.port}`,
        fingerprint: instance.fingerprint,
      })
    }
    return found.sort((a, b) => a.name.localeCompare(b.name) || a.url.localeCompare(b.url))
  }

  const changed = () => {
    const servers = list()
    const key = JSON.stringify(servers)
    if (key !== last) {
      last = key
      options.onChange?.(servers)
    }
  }

  /** Forgets what expired, so the maps hold only what is alive. */
  const prune = () => {
    const time = now()
    for (const [key, instance] of instances) if (instance.expiresAt <= time) instances.delete(key)
    for (const [key, entry] of addresses) if (entry.expiresAt <= time) addresses.delete(key)
  }

  /** An A record matters only as the target of a server we know. */
  const isTarget = (hostName: string) => {
    for (const instance of instances.values()) {
      if (instance.target?.toLowerCase() === hostName) return true
    }
    return false
  }

  const instanceFor = (fullName: string): Instance | undefined => {
    const lower = fullName.toLowerCase()
    if (!lower.endsWith(`.${SERVICE_TYPE}`)) return undefined
    let instance = instances.get(lower)
    if (!instance) {
      if (instances.size >= MAX_INSTANCES) return undefined
      const label = fullName.slice(0, fullName.length - SERVICE_TYPE.length - 1)
      instance = { name: instanceLabel(label), version: '', fingerprint: null, expiresAt: 0 }
      instances.set(lower, instance)
    }
    return instance
  }

  const take = (record: Answer, source: PacketSource) => {
    const claimed = 'ttl' in record && record.ttl !== undefined ? record.ttl : RECORD_TTL
    const ttl = Math.min(claimed, MAX_TTL_SECONDS) * 1000
    const expiresAt = now() + ttl
    if (record.type === 'PTR' && record.name.toLowerCase() === SERVICE_TYPE) {
      const instance = instanceFor(record.data)
      if (!instance) return
      instance.expiresAt = ttl === 0 ? 0 : expiresAt
      instance.source = source.address
    } else if (record.type === 'SRV') {
      const instance = instances.get(record.name.toLowerCase())
      if (!instance) return
      if (ttl === 0) instance.expiresAt = 0
      else if (record.data.port > 0 && record.data.port < 65536) {
        instance.port = record.data.port
        instance.target = record.data.target
      }
    } else if (record.type === 'TXT') {
      const instance = instances.get(record.name.toLowerCase())
      if (instance) {
        instance.version = txtVersion(record.data)
        instance.fingerprint = txtFingerprint(record.data)
      }
    } else if (record.type === 'A' && /^\d{1,3}(\.\d{1,3}){3}$/.test(record.data)) {
      const hostName = record.name.toLowerCase()
      if (addresses.has(hostName) || (addresses.size < MAX_INSTANCES && isTarget(hostName))) {
        addresses.set(hostName, { address: record.data, expiresAt })
      }
    }
  }

  const onResponse = (packet: MdnsPacket, source: PacketSource) => {
    // Pointers first, so that the SRV and TXT records of the same packet find their instance;
    // addresses last, once the SRV records have named their targets.
    const rank = (record: Answer) => (record.type === 'PTR' ? 0 : record.type === 'A' ? 2 : 1)
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
    /** How many instances and addresses are held, expired or not: for the memory bound's test. */
    heldRecords: () => instances.size + addresses.size,
    refresh,
    stop() {
      clearInterval(timer)
    },
  }
}
