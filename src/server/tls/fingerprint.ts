import { X509Certificate } from 'node:crypto'
import { normalizeFingerprint } from '../../shared/fingerprint-code'

/** The SHA-256 fingerprint of a certificate (PEM or DER), as 64 lowercase hex digits. */
export function certificateFingerprint(certificate: string | Buffer): string {
  const fingerprint = normalizeFingerprint(new X509Certificate(certificate).fingerprint256)
  if (fingerprint === null) throw new Error('The certificate has no SHA-256 fingerprint.')
  return fingerprint
}
