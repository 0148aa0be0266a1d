/**
 * Clips in posts (docs/API.md "Clips in posts"): what a clip may be, and the sentences that refuse
 * one. Shared by the server (services/media/clip-checks.ts sends each clip to a worker) and the worker
 * that reads it (clip-reader.ts with MediaInfo, clip-structure.ts for the metadata): light on
 * purpose, so the main thread never loads the reader.
 *
 * Accepted: MP4 (H.264 video, AAC sound) and WebM (VP8, VP9 or AV1 video; Opus or Vorbis sound),
 * one video track and at most one sound track, at most CLIP_MAX_DURATION_MS long, width and height
 * whole numbers from 1 to CLIP_MAX_SIDE. QuickTime and Matroska are refused even when named .mp4
 * or .webm; so is an encrypted (DRM) clip.
 */

/** What a checked clip is. */
export interface ClipInfo {
  contentType: 'video/mp4' | 'video/webm'
  durationMs: number
  width: number
  height: number
  videoCodec: string
  audioCodec: string | null
}

/** The longest clip, in milliseconds: 60 s, with room for a recorder's last frame. */
export const CLIP_MAX_DURATION_MS = 60_500
/** The widest and tallest clip, in pixels (beyond 8K: a larger one is a damaged or hostile file). */
export const CLIP_MAX_SIDE = 16_384

export const CLIP_MESSAGES = {
  notAVideo: 'Only MP4 (H.264) and WebM (VP8, VP9 or AV1) videos can be uploaded as clips.',
  truncated: 'The video is cut short or damaged: its file ends before its data does.',
  quickTime: 'QuickTime (.mov) videos cannot be posted: export the clip as MP4 (H.264) or WebM.',
  matroska: 'Matroska (.mkv) videos cannot be posted, even when named .webm: export it as WebM.',
  noVideoTrack: 'The file has no video track.',
  tooManyTracks: 'A clip can have one video track and at most one audio track.',
  hevc: 'H.265 (HEVC) video cannot be played by every browser: export the clip as H.264 or VP9.',
  videoCodec:
    'The clip’s video is not coded in a format browsers play (H.264 in MP4; VP8, VP9 or AV1 in WebM).',
  audioCodec:
    'The clip’s sound is not coded in a format browsers play (AAC in MP4; Opus or Vorbis in WebM).',
  encrypted: 'Encrypted (DRM) videos cannot be posted.',
  noDuration: 'The video does not say how long it is: it may be damaged.',
  tooLong: 'The clip is too long (at most 60 seconds).',
  noSize: 'The video does not say its width and height: it may be damaged.',
  badSize: `The video’s width and height must be whole numbers from 1 to ${CLIP_MAX_SIDE} pixels.`,
  tooManyParts: 'The video is made of more parts than a 60-second clip has: it may be damaged.',
  tooDeep: 'The video’s boxes are nested deeper than a video’s are: it may be damaged.',
  unreadable:
    'The video could not be read within the time and memory a clip may take: it may be damaged.',
} as const

/** What the clip worker says once its modules are loaded and MediaInfo compiled (clip-checks.ts). */
export const CLIP_WORKER_READY = 'ready'

export class ClipError extends Error {
  override name = 'ClipError'
}

const fourcc = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0)

/** The container a file says it is, from its first bytes; null for anything else. */
export function sniffVideoType(bytes: Uint8Array): 'mp4' | 'ebml' | null {
  if (bytes.length >= 8 && fourcc(bytes, 4) === 'ftyp') return 'mp4'
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return 'ebml'
  return null
}

/** A checked clip: what it is, and its bytes without metadata (the same length: nothing moves). */
export interface CheckedClip {
  info: ClipInfo
  bytes: Buffer
}
