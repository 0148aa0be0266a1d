/**
 * Every uploaded image, a profile picture (media.ts) or a post's (post-images.ts), goes through
 * here: its type read from its bytes, its header checked against IMAGE_LIMITS before anything is
 * decoded, then decoded and re-encoded by sharp, which keeps the pixels and nothing else (EXIF,
 * GPS, camera, comments, whatever was appended), turned upright by its EXIF orientation.
 * docs/security.md, lists the limits.
 */
import type { Metadata, Sharp } from 'sharp'
import { loadSharp } from './sharp'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import { MAX_CONCURRENT_HASHES } from '../../auth/password'
import { serverBusy, WorkQueue } from '../../queues/work-queue'
import { IMAGE_LIMITS } from '../../../shared/limits'

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte)

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/**
 * The image type a file says it is, read from its first bytes (never from its name or the type
 * the client claims), or null for anything that is not one of the images we accept. Only a
 * decode tells whether it really is one.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return null
}

/** sharp's name of each format we accept: its header must agree with the first bytes. */
const SHARP_FORMAT: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
}

/**
 * Image work gets a queue of its own, one image at a time, so that it can never starve password
 * hashing (four 1×8M-pixel strips at once held every thread of libuv's pool, and a
 * login waited 20 s for a free one). sharp runs each job on a thread of libuv's pool, as scrypt
 * does. That pool has 4 threads unless UV_THREADPOOL_SIZE is set before its first use, which in
 * Electron's main process is not ours to order, and more threads would only share the same two
 * cores: so instead of growing the pool, one image job and MAX_CONCURRENT_HASHES hashes take at
 * most 3 of its 4 threads, leaving one for file work. `sharp.concurrency(1)` keeps each job to
 * one libvips worker thread, so an image takes one core, not both. Jobs past the queue's bound
 * are answered 503 at once rather than holding their upload (up to 5 MB) for minutes.
 */
export const IMAGE_JOBS_AT_ONCE = 1
export const LIBUV_DEFAULT_THREADS = 4
export const MAX_WAITING_IMAGE_JOBS = 16
if (IMAGE_JOBS_AT_ONCE + MAX_CONCURRENT_HASHES >= LIBUV_DEFAULT_THREADS) {
  throw new Error('Image jobs and password hashes would fill libuv’s thread pool.')
}

export const imageJobs = new WorkQueue(IMAGE_JOBS_AT_ONCE, MAX_WAITING_IMAGE_JOBS, () =>
  serverBusy(MESSAGES.imageQueueFull),
)

/** Refuses, from its header alone, an image we would not decode. */
function checkHeader(type: ImageType, header: Metadata): void {
  if (header.format !== SHARP_FORMAT[type]) {
    throw new HttpError('INVALID_IMAGE', MESSAGES.imageUnreadable)
  }
  // Without `animated`, sharp reads one frame: `height` is a frame's, `pages` counts them.
  const { width, height } = header
  const frames = header.pages ?? 1
  if (Math.max(width, height) > IMAGE_LIMITS.maxSide) {
    throw new HttpError('INVALID_IMAGE', MESSAGES.imageSideTooLong)
  }
  if (Math.max(width, height) > IMAGE_LIMITS.maxAspectRatio * Math.min(width, height)) {
    throw new HttpError('INVALID_IMAGE', MESSAGES.imageTooThin)
  }
  if (frames > IMAGE_LIMITS.maxFrames) {
    throw new HttpError('INVALID_IMAGE', MESSAGES.imageTooManyFrames)
  }
  if (width * height * frames > IMAGE_LIMITS.maxPixels) {
    throw new HttpError('INVALID_IMAGE', MESSAGES.imageTooManyPixels)
  }
}

/** An upload whose header passed the limits, handed to the work of one image job. */
export interface CheckedImage {
  contentType: ImageType
  /** All frames are decoded: an animation stays one. */
  animated: boolean
  /** A sharp pipeline on the upload, turned upright, refusing anything past the pixel limit. */
  decode(options?: { firstFrameOnly?: boolean }): Sharp
}

/**
 * Checks an upload and runs `work` on it as one job of the image queue (503 when the queue is
 * full). An unknown type answers 400 `notAnImage`; a header past IMAGE_LIMITS, its sentence;
 * anything sharp cannot read, header or pixels, 400 `imageUnreadable`.
 */
export async function withCheckedImage<T>(
  input: Buffer,
  work: (image: CheckedImage) => Promise<T>,
): Promise<T> {
  const contentType = sniffImageType(input)
  if (!contentType) throw new HttpError('INVALID_IMAGE', MESSAGES.notAnImage)
  return await imageJobs.run(async () => {
    const sharp = await loadSharp()
    try {
      // metadata() reads the header only, whatever size it claims: the limits are ours to check.
      const header = await sharp(input, { limitInputPixels: false }).metadata()
      checkHeader(contentType, header)
      const animated = (header.pages ?? 1) > 1
      return await work({
        contentType,
        animated,
        decode: ({ firstFrameOnly = false } = {}) =>
          // rotate() with no angle applies the EXIF orientation, so dropping the EXIF keeps the
          // picture upright. The pixel limit stays as a second guard behind checkHeader.
          sharp(input, {
            animated: animated && !firstFrameOnly,
            limitInputPixels: IMAGE_LIMITS.maxPixels,
          }).rotate(),
      })
    } catch (error) {
      if (error instanceof HttpError) throw error
      throw new HttpError('INVALID_IMAGE', MESSAGES.imageUnreadable)
    }
  })
}

export interface ReencodedImage {
  contentType: ImageType
  bytes: Buffer
  width: number
  /** One frame's height, for an animation too: what a reader sees. */
  height: number
}

/**
 * Re-encodes a checked image in its own format, without any metadata (sharp writes none unless
 * asked). `fitWithin` shrinks it to fit a square of that side, or a box of that width and
 * height; it is never enlarged.
 */
export async function reencode(
  image: CheckedImage,
  options: { fitWithin?: number | { width: number; height: number } } = {},
): Promise<ReencodedImage> {
  let pipeline = image.decode()
  if (options.fitWithin) {
    const box =
      typeof options.fitWithin === 'number'
        ? { width: options.fitWithin, height: options.fitWithin }
        : options.fitWithin
    pipeline = pipeline.resize({
      width: box.width,
      height: box.height,
      fit: 'inside',
      withoutEnlargement: true,
    })
  }
  const encoded =
    image.contentType === 'image/png'
      ? pipeline.png()
      : image.contentType === 'image/jpeg'
        ? pipeline.jpeg({ quality: 90 })
        : image.contentType === 'image/webp'
          ? pipeline.webp({ quality: 90 })
          : pipeline.gif()
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
  return {
    contentType: image.contentType,
    bytes: data,
    width: info.width,
    height: info.pageHeight ?? info.height,
  }
}
