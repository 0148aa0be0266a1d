/**
 * The certificate a server makes for itself the first time it is shared on the LAN (docs/security.md): an ECDSA P-256 key and a self-signed certificate, kept in the data folder beside
 * the token secret and, like it, readable by its owner only. Nobody vouches for it; friends' apps
 * pin its fingerprint instead (src/main/pinning.ts) and people compare its code by eye.
 */
import 'reflect-metadata'
import * as x509 from '@peculiar/x509'
import { X509Certificate, createPrivateKey, randomBytes, webcrypto } from 'node:crypto'
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { hostname as osHostname } from 'node:os'
import { join } from 'node:path'
import { certificateFingerprint } from './fingerprint'
import { log as serverLog } from '../observability/log'

export const LAN_CERT_FILE = 'lan-cert.pem'
export const LAN_KEY_FILE = 'lan-key.pem'

const DAY_MS = 24 * 60 * 60_000
/** How long a new certificate is valid. */
export const LAN_CERT_VALID_DAYS = 825
/** A certificate with fewer days than this left is replaced at the next start or share. */
export const LAN_CERT_RENEW_DAYS = 90

/** A certificate and key ready for node:https, with what the Server page shows of it. */
export interface LanCertificate {
  cert: string
  key: string
  /** SHA-256 of the certificate, 64 lowercase hex digits. */
  fingerprint: string
  notAfter: Date
}

export interface LanCertificateOptions {
  /** The clock, for tests of renewal. */
  now?: () => Date
  /** Names the certificate is made out to (default: this computer's name, `.local` and bare). */
  hostName?: string
  /** Addresses it is made out to (default: none beyond loopback; pinning does not need them). */
  addresses?: string[]
  /** Told when a certificate is made or renewed, and why. */
  log?: (message: string) => void
}

type SelfSignedParams = Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[0]

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const

// Node's webcrypto is the Web Crypto API; the library's types name the DOM's.
// (The last overload of `set` is (name, crypto): its second parameter is the Crypto type.)
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1])

function toPem(label: string, der: ArrayBuffer): string {
  const base64 = Buffer.from(der).toString('base64')
  return `-----BEGIN ${label}-----\n${base64.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END ${label}-----\n`
}

/** Makes a new self-signed certificate and its key (nothing is written). */
export async function makeLanCertificate(
  options: LanCertificateOptions = {},
): Promise<LanCertificate> {
  const now = options.now?.() ?? new Date()
  const computer = (options.hostName ?? osHostname()).split('.')[0]?.replace(/[^A-Za-z0-9-]/g, '-')
  const names = [...new Set([computer, computer && `${computer}.local`, 'localhost'])].filter(
    (name): name is string => Boolean(name),
  )
  const addresses = [...new Set(['127.0.0.1', '::1', ...(options.addresses ?? [])])]
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])
  const notAfter = new Date(now.getTime() + LAN_CERT_VALID_DAYS * DAY_MS)
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    // Positive and unique: a fresh random serial for every certificate.
    serialNumber: `01${randomBytes(15).toString('hex')}`,
    name: `CN=${computer || 'Gamerstage'} Gamerstage LAN, O=Gamerstage`,
    // An hour back, for a friend's clock that runs a little behind.
    notBefore: new Date(now.getTime() - 60 * 60_000),
    notAfter,
    signingAlgorithm: ALGORITHM,
    keys: keys as unknown as SelfSignedParams['keys'],
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...names.map((value) => ({ type: 'dns' as const, value })),
        ...addresses.map((value) => ({ type: 'ip' as const, value })),
      ]),
    ],
  })
  const cert = certificate.toString('pem')
  const key = toPem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey))
  return { cert, key, fingerprint: certificateFingerprint(cert), notAfter }
}

/** The certificate in the data folder, or null when there is none or it is unusable. */
function readLanCertificate(
  dataDir: string,
  log: (message: string) => void,
): LanCertificate | null {
  let cert: string
  let key: string
  try {
    cert = readFileSync(join(dataDir, LAN_CERT_FILE), 'utf8')
    key = readFileSync(join(dataDir, LAN_KEY_FILE), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  try {
    const certificate = new X509Certificate(cert)
    if (!certificate.checkPrivateKey(createPrivateKey(key))) throw new Error('key mismatch')
    return {
      cert,
      key,
      fingerprint: certificateFingerprint(cert),
      notAfter: new Date(certificate.validTo),
    }
  } catch {
    log('The LAN certificate in the data folder is damaged: making a new one.')
    return null
  }
}

/** Writes both files readable by their owner only, each replaced whole (write, then rename). */
function writeLanCertificate(dataDir: string, certificate: LanCertificate): void {
  for (const [file, text] of [
    [LAN_KEY_FILE, certificate.key],
    [LAN_CERT_FILE, certificate.cert],
  ] as const) {
    const target = join(dataDir, file)
    const temporary = `${target}.tmp`
    rmSync(temporary, { force: true })
    writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' })
    renameSync(temporary, target)
  }
}

/**
 * The data folder's LAN certificate: made on first use, and made anew when fewer than
 * LAN_CERT_RENEW_DAYS are left (friends then compare the new code once, as on first use).
 */
export async function loadOrCreateLanCertificate(
  dataDir: string,
  options: LanCertificateOptions = {},
): Promise<LanCertificate> {
  const log = options.log ?? ((message: string) => serverLog().info(message))
  const now = options.now?.() ?? new Date()
  const existing = readLanCertificate(dataDir, log)
  if (existing && existing.notAfter.getTime() - now.getTime() > LAN_CERT_RENEW_DAYS * DAY_MS) {
    return existing
  }
  const made = await makeLanCertificate(options)
  writeLanCertificate(dataDir, made)
  log(
    existing
      ? `Renewed the LAN certificate (the old one ran out on ${existing.notAfter.toISOString().slice(0, 10)}).`
      : 'Made a LAN certificate for this server.',
  )
  return made
}

/** Replaces the data folder's LAN certificate with a new one (the Server page's button). */
export async function replaceLanCertificate(
  dataDir: string,
  options: LanCertificateOptions = {},
): Promise<LanCertificate> {
  const made = await makeLanCertificate(options)
  writeLanCertificate(dataDir, made)
  return made
}
