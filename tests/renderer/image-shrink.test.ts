/**
 * Screenshots of any size: what the composer decides for an image over the
 * server's limits (lib/image-shrink.ts), and what it refuses at once (state/attachments.ts, refusalOf).
 */
import { describe, expect, it } from 'vitest'
import {
  MAX_ATTEMPTS,
  SHRINK_LIMITS,
  firstEncoding,
  fitWithin,
  formatMegabytes,
  headerSize,
  needsShrink,
  shrinkPlan,
  nextEncoding,
} from '../../src/renderer/src/lib/image-shrink'
import { refusalOf } from '../../src/renderer/src/state/attachments'

const MB = 1024 * 1024

describe('when an image is shrunk', () => {
  it('leaves an image within every limit alone, and never shrinks a GIF', () => {
    expect(needsShrink({ type: 'image/png', size: 4 * MB }, { width: 3840, height: 2160 })).toBe(
      false,
    )
    expect(needsShrink({ type: 'image/png', size: 20 * MB }, null)).toBe(true)
    expect(needsShrink({ type: 'image/gif', size: 20 * MB }, null)).toBe(false)
    // Small in bytes but too many pixels or too long a side for the server.
    expect(needsShrink({ type: 'image/png', size: MB }, { width: 10000, height: 100 })).toBe(true)
    expect(needsShrink({ type: 'image/png', size: MB }, { width: 8000, height: 8000 })).toBe(true)
  })

  it('fits the sides and pixels the server decodes, never enlarging', () => {
    expect(fitWithin(3840, 2160)).toEqual({ width: 3840, height: 2160 })
    expect(fitWithin(16384, 4096)).toEqual({ width: 8192, height: 2048 })
    const big = fitWithin(8000, 8000)
    expect(big.width * big.height).toBeLessThanOrEqual(SHRINK_LIMITS.maxPixels)
    expect(big.width).toBe(big.height)
  })

  it('keeps a screenshot PNG when that fits, else WebP at the same size, then smaller', () => {
    const first = firstEncoding('image/png', 7680, 4320)
    expect(first).toEqual({ type: 'image/png', width: 7680, height: 4320 })
    // Fits: done.
    expect(nextEncoding(first, 4.9 * MB, 0)).toBeNull()
    // Too large as PNG: the same pixels as high-quality WebP.
    const second = nextEncoding(first, 20 * MB, 0)
    expect(second).toEqual({ type: 'image/webp', quality: 0.92, width: 7680, height: 4320 })
    // Still too large: scaled by √(limit / size), with room to spare.
    if (!second) throw new Error('no second try')
    const third = nextEncoding(second, 10 * MB, 1)
    if (!third) throw new Error('no third try')
    expect(third.type).toBe('image/webp')
    expect(third.width).toBeLessThan(7680 * Math.sqrt(0.5))
    expect(third.width / third.height).toBeCloseTo(7680 / 4320, 2)
  })

  it('keeps a photo JPEG, and gives up after a few tries', () => {
    const first = firstEncoding('image/jpeg', 6000, 4000)
    expect(first).toEqual({ type: 'image/jpeg', quality: 0.92, width: 6000, height: 4000 })
    const second = nextEncoding(first, 6 * MB, 0)
    expect(second?.type).toBe('image/jpeg')
    // Slightly over still shrinks by at least 10 %.
    expect(second?.width).toBeLessThanOrEqual(5400)
    expect(nextEncoding(first, 6 * MB, MAX_ATTEMPTS - 1)).toBeNull()
  })

  it('says sizes as the note does', () => {
    expect(formatMegabytes(20.4 * MB)).toBe('20.4 MB')
    expect(formatMegabytes(3.94 * MB)).toBe('3.9 MB')
  })
})

describe('what is refused at once', () => {
  it('names a file that is not an image (or clip), and takes no slot', () => {
    expect(refusalOf({ name: 'notes.txt', type: 'text/plain', size: 10 }, 0, true)).toBe(
      'notes.txt is not an image or a clip: attach PNG, JPEG, WebP or GIF images, or MP4 or WebM videos.',
    )
    expect(refusalOf({ name: 'clip.mp4', type: 'video/mp4', size: 10 }, 0, false)).toBe(
      'clip.mp4 is not an image: attach PNG, JPEG, WebP or GIF images.',
    )
    expect(refusalOf({ name: 'clip.mp4', type: 'video/mp4', size: 10 }, 0, true)).toBeNull()
    expect(refusalOf({ name: 'clip.mov', type: 'video/quicktime', size: 10 }, 0, true)).toMatch(
      /^clip\.mov is not/,
    )
  })

  it('takes a big screenshot (it is shrunk), but not a big GIF', () => {
    expect(refusalOf({ name: 'shot.png', type: 'image/png', size: 20 * MB }, 0, true)).toBeNull()
    expect(refusalOf({ name: 'a.gif', type: 'image/gif', size: 6 * MB }, 0, true)).toMatch(
      /^a\.gif is too large/,
    )
    expect(refusalOf({ name: 'e.png', type: 'image/png', size: 1 }, 4, true)).toBe(
      'A post can have at most 4 images or clips.',
    )
  })
})

// --- images under 5 MB whose sides pass the server's 8192 px ---

const pngHeader = (width: number, height: number) => {
  const bytes = new Uint8Array(33)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  new DataView(bytes.buffer).setUint32(16, width)
  new DataView(bytes.buffer).setUint32(20, height)
  return bytes
}

const jpegHeader = (width: number, height: number) => {
  // SOI, an APP1 (EXIF) segment of 1 KB, a DHT, then the frame (SOF2, progressive).
  const exif = new Uint8Array(4 + 1024)
  exif.set([0xff, 0xe1, (1026 >> 8) & 0xff, 1026 & 0xff])
  const dht = new Uint8Array([0xff, 0xc4, 0, 3, 0])
  const sof = new Uint8Array([
    0xff,
    0xc2,
    0,
    11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    1,
    0,
    0,
    0,
  ])
  return new Uint8Array([0xff, 0xd8, ...exif, ...dht, ...sof])
}

const webpHeader = (chunk: 'VP8X' | 'VP8 ', width: number, height: number) => {
  const bytes = new Uint8Array(40)
  bytes.set(new TextEncoder().encode(`RIFF\0\0\0\0WEBP${chunk}`))
  const view = new DataView(bytes.buffer)
  if (chunk === 'VP8X') {
    view.setUint16(24, (width - 1) & 0xffff, true)
    bytes[26] = (width - 1) >> 16
    view.setUint16(27, (height - 1) & 0xffff, true)
    bytes[29] = (height - 1) >> 16
  } else {
    view.setUint16(26, width, true)
    view.setUint16(28, height, true)
  }
  return bytes
}

describe('an image within 5 MB but past the server’s sides', () => {
  it('reads the size from a PNG, JPEG or WebP header, and nothing from other bytes', () => {
    expect(headerSize(pngHeader(12000, 3000))).toEqual({ width: 12000, height: 3000 })
    expect(headerSize(jpegHeader(9000, 2000))).toEqual({ width: 9000, height: 2000 })
    expect(headerSize(webpHeader('VP8X', 10000, 500))).toEqual({ width: 10000, height: 500 })
    expect(headerSize(webpHeader('VP8 ', 1920, 1080))).toEqual({ width: 1920, height: 1080 })
    expect(headerSize(new TextEncoder().encode('not an image at all'))).toBeNull()
    expect(headerSize(pngHeader(0, 10))).toBeNull()
    // A JPEG cut before its frame says nothing.
    expect(headerSize(jpegHeader(9000, 2000).subarray(0, 600))).toBeNull()
  })

  it('shrinks a small file whose sides pass 8192 px or 50 megapixels, and sends the rest', () => {
    const small = { type: 'image/png', size: 2 * MB }
    expect(shrinkPlan(small, { width: 12000, height: 3000 })).toBe('shrink')
    expect(shrinkPlan(small, { width: 8000, height: 7000 })).toBe('shrink')
    expect(shrinkPlan(small, { width: 8192, height: 4608 })).toBe('send')
    expect(shrinkPlan(small, null)).toBe('check')
    expect(shrinkPlan({ type: 'image/png', size: 20 * MB }, null)).toBe('shrink')
    expect(shrinkPlan({ type: 'image/gif', size: 2 * MB }, { width: 9000, height: 10 })).toBe(
      'send',
    )
    // Shrunk to the server's sides, in its own format first.
    expect(firstEncoding('image/png', 12000, 3000)).toEqual({
      type: 'image/png',
      width: 8192,
      height: 2048,
    })
  })
})

describe('a clip past the host’s limit', () => {
  it('is refused at once with its name and the limit, once the limit is known', () => {
    const clip = { name: 'ace-clutch.mp4', type: 'video/mp4', size: 60 * MB }
    expect(refusalOf(clip, 0, true, 50 * MB)).toBe(
      'ace-clutch.mp4 is too large for this server: clips can be up to 50 MB.',
    )
    expect(refusalOf({ ...clip, size: 50 * MB }, 0, true, 50 * MB)).toBeNull()
    // Unknown (an older server, or not read yet): the server decides.
    expect(refusalOf(clip, 0, true, null)).toBeNull()
  })
})
