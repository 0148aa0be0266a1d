/**
 * Images for the upload tests (docs/security.md: what an upload may be): real ones made with
 * sharp, and hostile ones written byte by byte.
 */
import { crc32, deflateSync } from 'node:zlib'
import sharp, { type Metadata } from 'sharp'
import type { TestApp } from './server-app'

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, checksum])
}

/**
 * A valid PNG header that claims `width`×`height` RGB pixels, followed by a few hundred bytes of
 * pixel data: a decoding bomb's shape. Its header reads fine; a decoder would run out of data
 * after a few rows and call it damaged, so a refusal for its size shows the header was checked
 * before any decoding.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per sample
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export const SECRET_CAMERA = 'Secret 3000'
export const SECRET_ARTIST = 'Jane Q. Streamer'

/**
 * A 300×200 JPEG whose EXIF holds a GPS position, a camera and an artist, and orientation 6:
 * shown upright, it is 200×300.
 */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#3355aa' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'SpyCam', Model: SECRET_CAMERA, Artist: SECRET_ARTIST },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .toBuffer()
}

/** An animated GIF: `frames` frames of `width`×`height`, each its own colour. */
export async function animatedGif(width: number, height: number, frames = 3): Promise<Buffer> {
  const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00']
  const pixels = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp({
        create: { width, height, channels: 4, background: colours[index % colours.length] ?? '' },
      })
        .raw()
        .toBuffer(),
    ),
  )
  return sharp(Buffer.concat(pixels), {
    raw: { width, height: height * frames, channels: 4, pageHeight: height },
  })
    .gif({ delay: Array.from({ length: frames }, () => 100), loop: 0 })
    .toBuffer()
}

/** The bytes the server serves at `url`, and sharp's reading of them (all frames). */
export async function served(
  app: TestApp,
  url: string,
): Promise<{ bytes: Buffer; type: string | null; metadata: Metadata }> {
  const response = await app.get(url)
  const bytes = Buffer.from(await response.arrayBuffer())
  return {
    bytes,
    type: response.headers.get('content-type'),
    metadata: await sharp(bytes, { animated: true }).metadata(),
  }
}
