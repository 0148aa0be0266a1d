import type { Page } from '@playwright/test'
import type {
  CertificateChange,
  Connection,
  GamerstageBridge,
  LanServerList,
  LanSharingStatus,
} from '../../src/shared/bridge'

/** A scripted answer for the next call of one bridge method. */
export interface ScriptedAnswer {
  /** Reject with `new Error(reject)`, worded as Electron words an IPC error. */
  reject?: string
  /** Resolve with this value instead of the fake's default. */
  resolve?: unknown
  /**
   * Answer only once the test calls `releaseHeld`, to see the pending state: it then lasts until
   * the test has seen it, however slow the machine (a delay could end before a check polls).
   */
  held?: boolean
}

export interface BridgeCall {
  method: keyof GamerstageBridge
  args: unknown[]
}

/** State of the fake in the page, reachable from tests through `page.evaluate`. */
export interface FakeBridgeControl {
  connection: Connection
  lan: LanSharingStatus
  /** One-shot answers by method name. */
  next: Partial<Record<keyof GamerstageBridge, ScriptedAnswer>>
  listeners: ((connection: Connection) => void)[]
  /** Calls the app's onConnectionChange listeners, as the main process does. */
  emit: (connection: Connection) => void
  /** The servers "found on the LAN", as the main process would list them. */
  lanServers: LanServerList
  lanListeners: ((list: LanServerList) => void)[]
  /** Changes the servers found and tells the watchers, as the main process does. */
  emitLanServers: (list: LanServerList) => void
  /** Answers held back (`held: true`), by method name. */
  held: Partial<Record<keyof GamerstageBridge, () => void>>
  certificateListeners: ((change: CertificateChange) => void)[]
  /** Tells the app the joined server showed another certificate, as the main process does. */
  emitCertificateChange: (change: CertificateChange) => void
}

declare global {
  interface Window {
    __bridgeCalls: BridgeCall[]
    __fakeBridge: FakeBridgeControl
  }
}

/** The fake share's certificate, and the one "Replace certificate" makes. */
export const FAKE_FINGERPRINT = '5d12a501faaa2690b9c48b72a5c8d0533d88d69c7eaf1aa4048d2390c40ad7f4'
export const FAKE_CODE = '5D12-A501-FAAA-2690'
export const FAKE_NEW_FINGERPRINT =
  '0b7e44c1d2a39f0e6b8c7d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a'
export const FAKE_NEW_CODE = '0B7E-44C1-D2A3-9F0E'

export interface FakeBridgeOptions {
  connection: Connection
  lan?: Partial<LanSharingStatus>
  /** The servers found on the LAN at first (none by default). */
  lanServers?: LanServerList
}

/**
 * Injects a fake `window.gamerstage` with platform 'desktop' before the app loads, recording
 * every call in `window.__bridgeCalls`. Defaults: connecting succeeds, sharing on returns one LAN
 * address and the demo notice, backup and restore return a file.
 */
export async function installFakeBridge(page: Page, options: FakeBridgeOptions): Promise<void> {
  await page.addInitScript(
    ({ connection, lan, lanServers, FINGERPRINT, CODE, NEW_FINGERPRINT, NEW_CODE }) => {
      const calls: BridgeCall[] = []
      const control: FakeBridgeControl = {
        connection,
        lan: {
          enabled: false,
          port: 4567,
          addresses: [],
          plainHttp: false,
          fingerprint: FINGERPRINT,
          code: CODE,
          demoAccountsDisabled: false,
          ...lan,
        },
        next: {},
        listeners: [],
        emit: (next) => {
          control.connection = next
          for (const listener of control.listeners) listener(next)
        },
        lanServers,
        lanListeners: [],
        emitLanServers: (list) => {
          control.lanServers = list
          for (const listener of control.lanListeners) listener(list)
        },
        held: {},
        certificateListeners: [],
        emitCertificateChange: (change) => {
          for (const listener of control.certificateListeners) listener(change)
        },
      }
      window.__bridgeCalls = calls
      window.__fakeBridge = control

      const answer = <T>(
        method: keyof GamerstageBridge,
        args: unknown[],
        fallback: () => T,
      ): Promise<T> => {
        calls.push({ method, args })
        const scripted = control.next[method]
        control.next[method] = undefined
        return new Promise<T>((resolve, reject) => {
          const settle = () => {
            if (scripted?.reject !== undefined) {
              const channel = `gamerstage:${method.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
              reject(new Error(`Error invoking remote method '${channel}': ${scripted.reject}`))
            } else if (scripted && 'resolve' in scripted) {
              resolve(scripted.resolve as T)
            } else {
              resolve(fallback())
            }
          }
          if (scripted?.held) control.held[method] = settle
          else setTimeout(settle, 0)
        })
      }

      const bridge: GamerstageBridge = {
        platform: 'desktop',
        getConnection: () => answer('getConnection', [], () => control.connection),
        setConnection: (target) =>
          answer('setConnection', [target], () => {
            control.connection =
              target.kind === 'remote'
                ? { kind: 'remote', baseUrl: target.url.replace(/\/+$/, '') }
                : // The desktop app's embedded server is the one that served the page.
                  { kind: 'embedded', baseUrl: location.origin }
            return control.connection
          }),
        onConnectionChange: (listener) => {
          calls.push({ method: 'onConnectionChange', args: [] })
          control.listeners.push(listener)
          return () => {
            control.listeners = control.listeners.filter((l) => l !== listener)
          }
        },
        getLanSharing: () => answer('getLanSharing', [], () => control.lan),
        setLanSharing: (options) =>
          answer('setLanSharing', [options], () => {
            const port = options.port ?? control.lan.port
            const plainHttp = options.plainHttp ?? control.lan.plainHttp
            const scheme = plainHttp ? 'http' : 'https'
            const identity = plainHttp
              ? { fingerprint: null, code: null }
              : { fingerprint: FINGERPRINT, code: CODE }
            control.lan = options.enabled
              ? {
                  enabled: true,
                  port,
                  addresses: [`${scheme}://192.168.1.20:${port}`, `${scheme}://10.0.0.5:${port}`],
                  plainHttp,
                  ...identity,
                  demoAccountsDisabled: true,
                }
              : {
                  enabled: false,
                  port,
                  addresses: [],
                  plainHttp,
                  ...identity,
                  demoAccountsDisabled: false,
                }
            return control.lan
          }),
        watchLanServers: (listener) => {
          calls.push({ method: 'watchLanServers', args: [] })
          control.lanListeners.push(listener)
          setTimeout(() => listener(control.lanServers), 0)
          return () => {
            calls.push({ method: 'watchLanServers', args: ['stop'] })
            control.lanListeners = control.lanListeners.filter((l) => l !== listener)
          }
        },
        replaceLanCertificate: () =>
          answer('replaceLanCertificate', [], () => {
            control.lan = { ...control.lan, fingerprint: NEW_FINGERPRINT, code: NEW_CODE }
            return control.lan
          }),
        checkServer: (url) =>
          answer('checkServer', [url], () => ({
            origin: url.replace(/\/+$/, ''),
            trust: 'plain' as const,
            fingerprint: null,
            code: null,
            pinnedCode: null,
            name: null,
            pinnedAddress: null,
          })),
        onCertificateChanged: (listener) => {
          calls.push({ method: 'onCertificateChanged', args: [] })
          control.certificateListeners.push(listener)
          return () => {
            control.certificateListeners = control.certificateListeners.filter(
              (l) => l !== listener,
            )
          }
        },
        getAppVersion: () => answer('getAppVersion', [], () => '1.4.2'),
        backupData: () =>
          answer('backupData', [], () => ({ file: '/home/gamer/gamerstage-backup.db' })),
        restoreData: () =>
          answer('restoreData', [], () => ({ file: '/home/gamer/gamerstage-backup.db' })),
      }
      window.gamerstage = bridge
    },
    {
      connection: options.connection,
      lan: options.lan ?? {},
      lanServers: options.lanServers ?? { servers: [], problem: null },
      FINGERPRINT: FAKE_FINGERPRINT,
      CODE: FAKE_CODE,
      NEW_FINGERPRINT: FAKE_NEW_FINGERPRINT,
      NEW_CODE: FAKE_NEW_CODE,
    },
  )
}

/** The calls the app made to one bridge method, in order. */
export function bridgeCalls(page: Page, method: keyof GamerstageBridge): Promise<unknown[][]> {
  return page.evaluate(
    (name) => window.__bridgeCalls.filter((call) => call.method === name).map((c) => c.args),
    method,
  )
}

/** Lets a held answer (`held: true`) go; fails if none is waiting. */
export async function releaseHeld(page: Page, method: keyof GamerstageBridge): Promise<void> {
  const released = await page.evaluate((name) => {
    const settle = window.__fakeBridge.held[name]
    window.__fakeBridge.held[name] = undefined
    settle?.()
    return settle !== undefined
  }, method)
  if (!released) throw new Error(`No answer of ${method} is held`)
}

/** Scripts the next answer of one bridge method. */
export function scriptNext(
  page: Page,
  method: keyof GamerstageBridge,
  scripted: ScriptedAnswer,
): Promise<void> {
  return page.evaluate(
    ([name, answer]) => {
      window.__fakeBridge.next[name] = answer
    },
    [method, scripted] as const,
  )
}
