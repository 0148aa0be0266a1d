/**
 * Screenshots of any size (issue 29, item 8): what the composer does with an image over the
 * server's limits before it is sent. The decisions are here, pure and tested
 * (tests/renderer/image-shrink.test.ts); the pixels are the worker's (shrink.worker.ts).
 *
 * An image within every limit goes as it is. Otherwise it is scaled to fit the sides and pixels
 * the server decodes (services/uploaded-images.ts, IMAGE_LIMITS), then encoded: a PNG stays PNG
 * when that fits (screenshots keep their sharp text), else high-quality WebP (which keeps any
 * transparency); a JPEG stays JPEG. While the bytes are still too many, it is scaled down again,
 * by the square root of how far over it is, a little more each time, at most a few times.
 */
import { LIMITS } from '../../../shared/limits'

/** The server's limits on an image (IMAGE_LIMITS and LIMITS.imageBytes say the same numbers). */
export const SHRINK_LIMITS = {
  bytes: LIMITS.imageBytes,
  maxSide: 8192,
  maxPixels: 50_000_000,
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
