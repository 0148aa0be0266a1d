/**
 * Screenshots of any size: what the composer does with an image over the
 * server's limits before it is sent. The decisions are here, pure and tested
 * (tests/renderer/image-shrink.test.ts); the pixels are the worker's (shrink.worker.ts).
 *
 * An image within every limit goes as it is. Otherwise it is scaled to fit the sides and pixels
 * the server decodes (IMAGE_LIMITS, shared/limits.ts), then encoded: a PNG stays PNG
 * when that fits (screenshots keep their sharp text), else high-quality WebP (which keeps any
 * transparency); a JPEG stays JPEG. While the bytes are still too many, it is scaled down again,
 * by the square root of how far over it is, a little more each time, at most a few times.
 */
import { IMAGE_LIMITS, LIMITS } from '../../../shared/limits'

/** The server's limits on an image: one source for both sides (shared/limits.ts). */
export const SHRINK_LIMITS = {
  bytes: LIMITS.imageBytes,
  maxSide: IMAGE_LIMITS.maxSide,
  maxPixels: IMAGE_LIMITS.maxPixels,
} as const

export type ShrinkLimits = { bytes: number; maxSide: number; maxPixels: number }

export type EncodeType = 'image/png' | 'image/jpeg' | 'image/webp'

export interface Encoding {
  type: EncodeType
  /** 0–1 for JPEG and WebP. */
  quality?: number
  width: number
  height: number
}

/** Tries before giving up: each one is a full encode of a large picture. */
export const MAX_ATTEMPTS = 6
export const HIGH_QUALITY = 0.92

/** Whether a file must be shrunk before it is sent. GIFs never are: they would stop moving. */
export function needsShrink(
  file: { type: string; size: number },
  size: { width: number; height: number } | null,
  limits: ShrinkLimits = SHRINK_LIMITS,
): boolean {
  if (file.type === 'image/gif') return false
  if (file.size > limits.bytes) return true
  if (!size) return false
  return (
    Math.max(size.width, size.height) > limits.maxSide ||
    size.width * size.height > limits.maxPixels
  )
}

/** The largest size within the sides and pixels the server takes, never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  limits: ShrinkLimits = SHRINK_LIMITS,
): { width: number; height: number } {
  const bySide = limits.maxSide / Math.max(width, height)
  const byPixels = Math.sqrt(limits.maxPixels / (width * height))
  const scale = Math.min(1, bySide, byPixels)
  return {
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  }
}

/** The first encoding to try: the fitted size, in the file's own format. */
export function firstEncoding(
  type: string,
  width: number,
  height: number,
  limits: ShrinkLimits = SHRINK_LIMITS,
): Encoding {
  const size = fitWithin(width, height, limits)
  if (type === 'image/png') return { type: 'image/png', ...size }
  if (type === 'image/jpeg') return { type: 'image/jpeg', quality: HIGH_QUALITY, ...size }
  return { type: 'image/webp', quality: HIGH_QUALITY, ...size }
}

/**
 * The next encoding after one that came out `bytes` long, or null when it fits (or when there
 * is nothing left to try). A PNG too large is first tried as WebP at the same size; after that,
 * each try scales the sides by √(limit / bytes), with 10 % to spare.
 */
export function nextEncoding(
  previous: Encoding,
  bytes: number,
  attempt: number,
  limits: ShrinkLimits = SHRINK_LIMITS,
): Encoding | null {
  if (bytes <= limits.bytes) return null
  if (attempt + 1 >= MAX_ATTEMPTS) return null
  if (previous.type === 'image/png') {
    return {
      type: 'image/webp',
      quality: HIGH_QUALITY,
      width: previous.width,
      height: previous.height,
    }
  }
  const scale = Math.min(0.9, Math.sqrt(limits.bytes / bytes) * 0.9)
  return {
    ...previous,
    width: Math.max(1, Math.floor(previous.width * scale)),
    height: Math.max(1, Math.floor(previous.height * scale)),
  }
}

/** "20.4 MB": sizes as the composer says them (1 MB is 1024 × 1024 bytes, as the limits). */
export function formatMegabytes(bytes: number): string {
  const value = bytes / (1024 * 1024)
  return `${value.toFixed(1)} MB`
}

// --- an image under the byte limit whose sides pass the server's ---

/**
 * The size an image's header declares (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X), or null when
 * these bytes (the file's start) do not say it. Reading a header is cheap where decoding a
 * screenshot is not: a small file within the sides goes as it is without a worker.
 */
export function headerSize(bytes: Uint8Array): { width: number; height: number } | null {
  const at = (i: number) => bytes[i] ?? 0
  const be16 = (i: number) => (at(i) << 8) | at(i + 1)
  const be32 = (i: number) =>
    ((at(i) << 24) >>> 0) + (at(i + 1) << 16) + (at(i + 2) << 8) + at(i + 3)
  const le16 = (i: number) => at(i) | (at(i + 1) << 8)
  const le24 = (i: number) => at(i) | (at(i + 1) << 8) | (at(i + 2) << 16)
  const ascii = (i: number, n: number) => String.fromCharCode(...bytes.subarray(i, i + n))
  const sized = (width: number, height: number) =>
    width > 0 && height > 0 ? { width, height } : null
  // PNG: the signature, then IHDR first.
  if (at(0) === 0x89 && ascii(1, 3) === 'PNG' && ascii(12, 4) === 'IHDR' && bytes.length >= 24) {
    return sized(be32(16), be32(20))
  }
  // JPEG: markers until a start of frame (C0–CF but C4, C8 and CC).
  if (at(0) === 0xff && at(1) === 0xd8) {
    let i = 2
    while (i + 9 < bytes.length) {
      if (at(i) !== 0xff) return null
      const marker = at(i + 1)
      if (marker === 0xff) {
        i += 1
        continue
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
        i += 2
        continue
      }
      const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
      if (isFrame) return sized(be16(i + 7), be16(i + 5))
      i += 2 + be16(i + 2)
    }
    return null
  }
  // WebP: RIFF … WEBP, then its first chunk.
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP' && bytes.length >= 30) {
    const chunk = ascii(12, 4)
    if (chunk === 'VP8 ') return sized(le16(26) & 0x3fff, le16(28) & 0x3fff)
    if (chunk === 'VP8L' && at(20) === 0x2f) {
      const width = 1 + (((at(22) & 0x3f) << 8) | at(21))
      const height = 1 + (((at(24) & 0x0f) << 10) | (at(23) << 2) | ((at(22) & 0xc0) >> 6))
      return sized(width, height)
    }
    if (chunk === 'VP8X') return sized(1 + le24(24), 1 + le24(27))
  }
  return null
}

/** How many of a file's first bytes `headerSize` reads (a JPEG's EXIF comes before its frame). */
export const HEADER_BYTES = 256 * 1024

/**
 * What the composer does with an image before sending it: `send` it as it is, `shrink` it, or
 * `check` it in the worker (decoded there) when its header did not say its size.
 */
export function shrinkPlan(
  file: { type: string; size: number },
  size: { width: number; height: number } | null,
  limits: ShrinkLimits = SHRINK_LIMITS,
): 'send' | 'shrink' | 'check' {
  if (file.type === 'image/gif') return 'send'
  if (file.size > limits.bytes) return 'shrink'
  if (!size) return 'check'
  return needsShrink(file, size, limits) ? 'shrink' : 'send'
}
