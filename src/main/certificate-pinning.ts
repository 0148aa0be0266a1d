/**
 * The window's side of pinning (docs/security.md): Chromium asks the main process about every
 * certificate it meets (`session.setCertificateVerifyProc`), and this module answers. For the
 * friend's server the app uses, a certificate whose fingerprint is the pinned one is accepted and
 * any other one is refused (and reported, so the window can stop and say so). For every other
 * host, Chromium's own verdict stands: certificate checks are never turned off.
 */
import type { Session } from 'electron'
import { X509Certificate } from 'node:crypto'
import type { CertificateChange } from '../shared/bridge'
import { fingerprintCode, normalizeFingerprint } from '../shared/fingerprint-code'

/** The answers of a certificate verify proc (Electron's `setCertificateVerifyProc`). */
export const CERTIFICATE_ACCEPTED = 0
export const CERTIFICATE_REFUSED = -2
export const CHROMIUM_DECIDES = -3

/** What Electron tells the verify proc (the part of `Request` used here). */
export interface VerifyRequest {
  hostname: string
  certificate: { data: string }
}

export interface PinningDeps {
  /** The friend's server in use and its pinned fingerprint, or null (see ConnectionManager). */
  pinnedRemote(): { origin: string; fingerprint: string } | null
  /** Told once per certificate when the server in use shows one that is not the pinned one. */
  onChanged(change: CertificateChange): void
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase()

/** Makes the verify proc's decision function (see the file's comment). */
export function pinnedCertificateVerifier(
  deps: PinningDeps,
): (
  request: VerifyRequest,
) => typeof CERTIFICATE_ACCEPTED | typeof CERTIFICATE_REFUSED | typeof CHROMIUM_DECIDES {
  const reported = new Set<string>()
  return (request) => {
    const remote = deps.pinnedRemote()
    if (remote === null || bare(new URL(remote.origin).hostname) !== bare(request.hostname)) {
      return CHROMIUM_DECIDES
    }
    let fingerprint: string | null = null
    try {
      fingerprint = normalizeFingerprint(
        new X509Certificate(request.certificate.data).fingerprint256,
      )
    } catch {
      // Not a certificate we can read: not the pinned one either.
    }
    if (fingerprint === remote.fingerprint) return CERTIFICATE_ACCEPTED
    // The pin is for this server only: a certificate authority does not override it.
    if (fingerprint !== null && !reported.has(`${remote.origin} ${fingerprint}`)) {
      reported.add(`${remote.origin} ${fingerprint}`)
      deps.onChanged({
        origin: remote.origin,
        fingerprint,
        code: fingerprintCode(fingerprint),
        pinnedCode: fingerprintCode(remote.fingerprint),
      })
    }
    return CERTIFICATE_REFUSED
  }
}

/** Hands the verifier to the window's session: index.ts calls this once. */
export function setupCertificatePinning(
  session: Pick<Session, 'setCertificateVerifyProc'>,
  deps: PinningDeps,
): void {
  const verify = pinnedCertificateVerifier(deps)
  session.setCertificateVerifyProc((request, done) => done(verify(request)))
}
