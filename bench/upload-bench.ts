/**
 * Logins while large images are uploaded: four users each upload a post image of the
 * most pixels the server takes (IMAGE_LIMITS), all at once, and one client signs in again and
 * again until every upload is answered. Image decoding and password hashing both run on libuv's
 * thread pool; the image queue (src/server/services/media/uploaded-images.ts) keeps the one from
 * starving the other. Never pass/fail: the login p99 is a figure for docs/PERFORMANCE.md.
 */
import sharp from 'sharp'
import {
  CLIP_UPLOADS_AT_ONCE,
  MAX_WAITING_CLIP_UPLOADS,
} from '../src/server/services/media/post-clips'
import { IMAGE_LIMITS } from '../src/shared/limits'
import { makeMp4 } from '../tests/helpers/videos'

export interface UploadBenchResult {
  uploads: number
  /** Each upload's side in pixels (a square WebP). */
  side: number
  uploadBytes: number
  /** Uploads answered 201 (the others are in `uploadStatuses`). */
  accepted: number
  uploadStatuses: number[]
  /** From sending the uploads to the last one's answer. */
  uploadsSeconds: number
  /** Logins made, one after another, while the uploads ran. */
  logins: number
  loginP50Ms: number
  loginP99Ms: number
  loginMaxMs: number
  /**
   * One more clip upload at once than the clip queue runs and holds (2 + 2):
   * how many were taken, how many answered 503 busy, and how long all took.
   */
  clips: { uploads: number; accepted: number; busy: number; seconds: number }
}

/** The largest square within the pixel limit. */
export const LARGEST_SIDE = Math.floor(Math.sqrt(IMAGE_LIMITS.maxPixels))

/** At least this many logins, even when the uploads are answered sooner. */
const MIN_LOGINS = 3

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0

export async function runUploadBench(options: {
  url: string
  /** One token per uploader: each user's upload counts against their own hourly limits. */
  tokens: string[]
  login: { username: string; password: string }
  uploads?: number
  side?: number
}): Promise<UploadBenchResult> {
  const uploads = options.uploads ?? 4
  const side = options.side ?? LARGEST_SIDE
  // Smooth noise, scaled up from a small tile: WebP of it is small to send (about 0.5 MB at the
  // largest side) and, of the formats and contents tried, the slowest to re-encode (5 s here).
  const tile = await sharp({
    create: {
      ...{ width: 64, height: 64, channels: 3, background: '#000' },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer()
  const image = await sharp(tile).resize(side, side).webp({ quality: 30 }).toBuffer()

  const upload = async (token: string) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/webp' }), 'big.webp')
    const response = await fetch(`${options.url}/api/media/post-images`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    })
    await response.arrayBuffer()
    return response.status
  }
  const login = async () => {
    const started = performance.now()
    const response = await fetch(`${options.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(options.login),
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`Login during uploads: ${response.status}`)
    return performance.now() - started
  }

  const started = performance.now()
  let uploadsDone = false
  const statuses = Promise.all(
    Array.from({ length: uploads }, (_, index) =>
      upload(options.tokens[index % options.tokens.length] ?? ''),
    ),
  ).finally(() => (uploadsDone = true))
  const loginTimes: number[] = []
  while (!uploadsDone || loginTimes.length < MIN_LOGINS) loginTimes.push(await login())
  const uploadStatuses = await statuses
  const uploadsSeconds = (performance.now() - started) / 1000

  // Clips: a small MP4 each, all sent at once; the queue takes 2 + 2 and may refuse the rest.
  const clip = makeMp4()
  const clipCount = CLIP_UPLOADS_AT_ONCE + MAX_WAITING_CLIP_UPLOADS + 1
  const uploadClip = async (token: string) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4')
    const response = await fetch(`${options.url}/api/media/clips`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    })
    await response.arrayBuffer()
    return response.status
  }
  const clipsStarted = performance.now()
  const clipStatuses = await Promise.all(
    Array.from({ length: clipCount }, (_, index) =>
      uploadClip(options.tokens[index % options.tokens.length] ?? ''),
    ),
  )
  const clips = {
    uploads: clipCount,
    accepted: clipStatuses.filter((status) => status === 201).length,
    busy: clipStatuses.filter((status) => status === 503).length,
    seconds: (performance.now() - clipsStarted) / 1000,
  }

  const sorted = [...loginTimes].sort((a, b) => a - b)
  return {
    clips,
    uploads,
    side,
    uploadBytes: image.length,
    accepted: uploadStatuses.filter((status) => status === 201).length,
    uploadStatuses,
    uploadsSeconds,
    logins: loginTimes.length,
    loginP50Ms: Math.round(percentile(sorted, 0.5)),
    loginP99Ms: Math.round(percentile(sorted, 0.99)),
    loginMaxMs: Math.round(sorted.at(-1) ?? 0),
  }
}

export function formatUploads(result: UploadBenchResult): string {
  return (
    `Logins during ${result.uploads} uploads of ${result.side}×${result.side} px at once ` +
    `(${result.accepted} accepted in ${result.uploadsSeconds.toFixed(1)} s): ${result.logins} logins, ` +
    `p50 ${result.loginP50Ms} ms, p99 ${result.loginP99Ms} ms, max ${result.loginMaxMs} ms.` +
    ` ${result.clips.uploads} clip uploads at once: ${result.clips.accepted} accepted, ` +
    `${result.clips.busy} busy (503), in ${result.clips.seconds.toFixed(1)} s.`
  )
}
