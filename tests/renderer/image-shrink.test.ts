/**
 * Screenshots of any size (issue 29, item 8): what the composer decides for an image over the
 * server's limits (lib/image-shrink.ts), and what it refuses at once (ImageAttachments refusalOf).
 */
import { describe, expect, it } from 'vitest'
import {
  MAX_ATTEMPTS,
  SHRINK_LIMITS,
  firstEncoding,
  fitWithin,
  formatMegabytes,
  needsShrink,
  nextEncoding,
} from '../../src/renderer/src/lib/image-shrink'
import { refusalOf } from '../../src/renderer/src/components/ImageAttachments'

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
