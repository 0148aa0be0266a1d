import { join } from 'node:path'
import type { LanSharingStatus } from '../shared/bridge'
import { backupOpenDatabase } from '../server/data/backup'
import { restoreDataFolder } from '../server/data/restore'
import { lanAddresses } from '../server/discovery/lan-addresses'
import { getOwnerId } from '../server/services/reads/hosting'
import { getDemoUserIds } from '../server/services/reads/settings'
import { findUserById } from '../server/services/reads/users'
import type { SqliteStore } from '../server/db/sqlite'
import {
  loadOrCreateLanCertificate,
  replaceLanCertificate,
  type LanCertificate,
} from '../server/tls/lan-certificate'
import { fingerprintCode } from '../shared/fingerprint-code'
import {
  StartError,
  listen,
  openServerCore,
  type Listener,
  type ServerCore,
} from '../server/server'

/** This computer's LAN addresses, which a new certificate names (browsers show them). */
const lanHostnames = () => lanAddresses(0).map((address) => new URL(address).hostname)

export interface EmbeddedServerOptions {
  /** app.getPath('userData'): the database and secret live in its `data` folder. */
  userData: string
  /** The built renderer, served at `/`: the window loads the app from its own server. */
  rendererDir: string
  migrationsDir?: string
  nativeBinding?: string
  version: string
}

/**
 * This computer's own server. It always listens on loopback for the app's window; sharing on the
 * LAN adds a second listener on 0.0.0.0 over the same database, so turning sharing on or off
 * never loses data or the signed-in session, and a port in use leaves the old state as it was.
 * Its database is always the data folder's SQLite file (backups and restores are of that file).
 */
export class EmbeddedServer {
  private lanListener: Listener | null = null
  /** The LAN share's certificate, once it was made or read (on the first share). */
  private certificate: LanCertificate | null = null
  /** The sharing change under way; the next one waits for it (see setLanSharing). */
  private lanChange: Promise<unknown> = Promise.resolve()

  private constructor(
    private readonly core: ServerCore<SqliteStore>,
    private readonly loopback: Listener,
    private readonly migrationsDir?: string,
    private readonly nativeBinding?: string,
  ) {}

  /** Opens the data folder and listens on 127.0.0.1, on `preferredPort` if it is free. */
  static async start(
    options: EmbeddedServerOptions,
    preferredPort: number | null,
  ): Promise<EmbeddedServer> {
    // Filled in below: the server asks whether it is shared, and only the instance knows.
    let instance: EmbeddedServer | undefined
    const core = await openServerCore({
      isShared: () => instance?.lanListener != null,
      dataDir: join(options.userData, 'data'),
      rendererDir: options.rendererDir,
      migrationsDir: options.migrationsDir,
      nativeBinding: options.nativeBinding,
      version: options.version,
      // The app's own account on its own server hosts it (docs/features.md, "Sessions, accounts and moderation").
      claimOwnerFromLoopback: true,
    })
    try {
      const loopback = await listen(core, '127.0.0.1', preferredPort ?? 0).catch((error) => {
        // Another program took last time's port: any free one will do.
        if (preferredPort && error instanceof StartError) return listen(core, '127.0.0.1', 0)
        throw error
      })
      instance = new EmbeddedServer(core, loopback, options.migrationsDir, options.nativeBinding)
      return instance
    } catch (error) {
      await core.close()
      throw error
    }
  }

  get url(): string {
    return this.loopback.url
  }

  get port(): number {
    return this.loopback.port
  }

  get dataDir(): string {
    return this.core.dataDir
  }

  /**
   * The username of the account that owns this server (the first to sign in from this computer:
   * docs/features.md, "Sessions, accounts and moderation"), or null before anyone has.
   */
  async ownerName(): Promise<string | null> {
    const id = await getOwnerId(this.core.db)
    return id === null ? null : ((await findUserById(this.core.db, id))?.username ?? null)
  }

  /**
   * What the Server page shows of sharing. `port` and `plainHttp` are the saved choices, shown
   * while sharing is off.
   */
  async lanStatus(port: number, plainHttp = false): Promise<LanSharingStatus> {
    const listener = this.lanListener
    const hasDemoAccounts = (await getDemoUserIds(this.core.db)).length > 0
    const fingerprint = listener
      ? listener.fingerprint
      : plainHttp
        ? null
        : (this.certificate?.fingerprint ?? null)
    const identity = {
      fingerprint,
      code: fingerprint === null ? null : fingerprintCode(fingerprint),
    }
    return listener
      ? {
          enabled: true,
          port: listener.port,
          addresses: lanAddresses(listener.port).map((address) =>
            listener.fingerprint === null ? address : address.replace(/^http:/, 'https:'),
          ),
          plainHttp: listener.fingerprint === null,
          ...identity,
          demoAccountsDisabled: hasDemoAccounts,
        }
      : { enabled: false, port, addresses: [], plainHttp, ...identity, demoAccountsDisabled: false }
  }

  /**
   * Shares the server on the LAN at `port`, or stops sharing: over HTTPS with the data folder's
   * certificate (made on the first share) unless `plainHttp`. Moving to another port, or between
   * HTTPS and plain HTTP, opens the new listener before closing the old when the port differs,
   * so a port in use throws and changes nothing.
   */
  setLanSharing(enabled: boolean, port: number, plainHttp = false): Promise<LanSharingStatus> {
    // One change at a time, in order: two quick toggles would otherwise both open a listener and
    // lose track of one, which would then go on serving the LAN until the app quits.
    const change = this.lanChange.then(() => this.changeLanSharing(enabled, port, plainHttp))
    this.lanChange = change.catch(() => undefined)
    return change
  }

  /**
   * Makes a new certificate for the share (the Server page's "Replace certificate"); a share on
   * HTTPS starts speaking with it at once, on the same port.
   */
  replaceCertificate(): Promise<LanSharingStatus> {
    const change = this.lanChange.then(async () => {
      this.certificate = await replaceLanCertificate(this.core.dataDir, {
        addresses: lanHostnames(),
      })
      const previous = this.lanListener
      if (!previous || previous.fingerprint === null) return this.lanStatus(previous?.port ?? 0)
      // The same port: the old listener must let go of it first.
      this.lanListener = null
      await previous.close()
      this.lanListener = await listen(this.core, '0.0.0.0', previous.port, {}, this.certificate)
      return this.lanStatus(previous.port)
    })
    this.lanChange = change.catch(() => undefined)
    return change
  }

  /** The data folder's LAN certificate, made on first use (and renewed when it runs out). */
  private async lanCertificate(): Promise<LanCertificate> {
    try {
      this.certificate = await loadOrCreateLanCertificate(this.core.dataDir, {
        log: (message) => console.log(message),
        addresses: lanHostnames(),
      })
      return this.certificate
    } catch (error) {
      throw new StartError(
        `Could not make the certificate that encrypts sharing (${(error as Error).message}). Turn on plain HTTP to share without it.`,
      )
    }
  }

  private async changeLanSharing(
    enabled: boolean,
    port: number,
    plainHttp: boolean,
  ): Promise<LanSharingStatus> {
    const previous = this.lanListener
    if (!enabled) {
      this.lanListener = null
      await previous?.close()
      return this.lanStatus(port, plainHttp)
    }
    if (previous?.port === port && (previous.fingerprint === null) === plainHttp) {
      return this.lanStatus(port)
    }
    const tls = plainHttp ? undefined : await this.lanCertificate()
    if (previous?.port === port) {
      // Same port, other protocol: the old listener must let go of it first.
      this.lanListener = null
      await previous.close()
      this.lanListener = await listen(this.core, '0.0.0.0', port, {}, tls)
      return this.lanStatus(port)
    }
    this.lanListener = await listen(this.core, '0.0.0.0', port, {}, tls)
    // The demo accounts' password is public: their sessions end as the LAN comes in.
    if (!previous) await this.core.endDemoSessions()
    await previous?.close()
    return this.lanStatus(port)
  }

  /** Writes a backup of the data, consistent even while requests go on writing. */
  backup(file: string): Promise<void> {
    return backupOpenDatabase(this.core.db, file, this.nativeBinding)
  }

  /**
   * Replaces the data with a checked backup; open connections see it from their next query, and
   * every session ends (a new token secret).
   */
  async restore(file: string): Promise<void> {
    const secret = await restoreDataFolder(this.core.dataDir, file, {
      migrationsDir: this.migrationsDir,
      nativeBinding: this.nativeBinding,
    })
    this.core.replaceSecret(secret)
  }

  async close(): Promise<void> {
    await this.lanChange
    // Open event streams never go idle: end them first so that closing does not wait for them.
    this.core.events.close()
    await Promise.all([this.lanListener?.close(), this.loopback.close()])
    this.lanListener = null
    await this.core.close()
  }
}
