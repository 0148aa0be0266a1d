/**
 * The short code people compare by eye to check a server's certificate (docs/security.md):
 * the first 16 hex digits of its SHA-256 fingerprint in four groups, `5D12-A501-FAAA-2690`.
 * Hex, so that it reads the same as the start of the fingerprint a browser shows in its
 * certificate details. The app itself pins the whole fingerprint, never just the code.
 */

/** A SHA-256 fingerprint as the app stores it: 64 lowercase hex digits, no separators. */
export const FINGERPRINT_PATTERN = /^[0-9a-f]{64}$/

/**
 * Reads a fingerprint in any of the usual spellings (`5D:12:A5:…`, `5d12a5…`, spaces) into the
 * stored form, or null when it is not a whole SHA-256 fingerprint.
 */
export function normalizeFingerprint(text: string): string | null {
  const hex = text.replace(/[\s:-]/g, '').toLowerCase()
  return FINGERPRINT_PATTERN.test(hex) ? hex : null
}

/** `5D12-A501-FAAA-2690` for a fingerprint (stored form or any spelling normalizeFingerprint reads). */
export function fingerprintCode(fingerprint: string): string {
  const hex = normalizeFingerprint(fingerprint)
  if (hex === null) throw new Error('Not a SHA-256 fingerprint.')
  return (hex.slice(0, 16).toUpperCase().match(/.{4}/g) ?? []).join('-')
}
