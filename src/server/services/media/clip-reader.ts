/**
 * Reads a clip (docs/API.md "Clips in posts") in the clip worker (clip-worker.ts; never on the
 * server's main thread): its container, tracks, codecs, length and size through MediaInfo, and its
 * metadata blanked in place by a bounded walk (clip-structure.ts). Throws ClipError with one of
 * CLIP_MESSAGES.
 *
 * Why MediaInfo (mediainfo.js: MediaArea's MediaInfoLib compiled to WebAssembly): one maintained
 * reader for both MP4 and WebM/Matroska, the same that video tools and archives use on whatever
 * users send. It reads what it needs through our `readChunk` and stops: it neither materialises a
 * sample table from its declared count (mp4box.js does, which is how a 400-byte file declaring 200
 * million samples stalls it) nor keeps an object per element, so a hostile count costs it nothing.
 * Its WebAssembly heap is its own, and the worker's budget (clip-checks.ts) bounds the rest.
 * ffprobe would need a native program the desktop app does not ship.
 *
 * What MediaInfo does not say is read by the walk: a recording's length when it wrote no Duration
 * (a browser's MediaRecorder), and whether a box or element claims more bytes than the file holds.
 */
import { createRequire } from 'node:module'
import mediaInfoFactory, { type MediaInfo, type Track } from 'mediainfo.js'
import {
  CLIP_MAX_DURATION_MS,
  CLIP_MAX_SIDE,
  CLIP_MESSAGES,
  ClipError,
  sniffVideoType,
  type CheckedClip,
  type ClipInfo,
} from './clip-containers'
import { stripMp4 } from './mp4-structure'
import { stripWebm } from './webm-structure'

const fail = (message: string): never => {
  throw new ClipError(message)
}

/**
 * Where MediaInfo's WebAssembly is: beside its package, found by Node's resolution (so from
 * src/ in development and out/server in the built server alike); in the packaged desktop app,
 * outside the asar archive (electron-builder.yml unpacks it).
 */
function wasmPath(): string {
  const path = createRequire(import.meta.url).resolve('mediainfo.js/MediaInfoModule.wasm')
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2')
}

let reader: Promise<MediaInfo<'object'>> | null = null
/** One MediaInfo a worker: its WebAssembly is compiled once, then reused for each clip. */
const mediaInfo = () =>
  (reader ??= mediaInfoFactory({ format: 'object', full: false, locateFile: wasmPath }))

/** Compiles MediaInfo's WebAssembly ahead of the first clip (the worker does, once started). */
export async function warmUp(): Promise<void> {
  await mediaInfo()
}

/** Brands of MP4 proper: anything else (QuickTime, HEIF, AVIF, audio-only M4A) is refused. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
])

const WEBM_VIDEO = new Map([
  ['VP8', 'vp8'],
  ['VP9', 'vp9'],
  ['AV1', 'av1'],
])
const WEBM_AUDIO = new Map([
  ['Opus', 'opus'],
  ['Vorbis', 'vorbis'],
])

/** A field of MediaInfo's answer, whatever its declared type (the library adds fields freely). */
const field = (track: Track | undefined, name: string): unknown =>
  track ? (track as unknown as Record<string, unknown>)[name] : undefined
const text = (track: Track | undefined, name: string): string => {
  const value = field(track, name)
  return typeof value === 'string' ? value : ''
}

/**
 * Checks a clip and answers what it is, with a copy of its bytes without metadata (the same
 * length: nothing moves).
 */
export async function readClip(input: Uint8Array): Promise<CheckedClip> {
  // A copy of its own (never a slice of Node's shared pool): the worker hands it back whole.
  const bytes = Buffer.from(new Uint8Array(input).buffer)
  const kind = sniffVideoType(bytes)
  if (!kind) fail(CLIP_MESSAGES.notAVideo)
  // The walk first: it is linear and refuses a truncated or flooded file before MediaInfo reads.
  let lastBlockMs = 0
  if (kind === 'mp4') stripMp4(bytes)
  else lastBlockMs = stripWebm(bytes).lastBlockMs

  // MediaInfo reads the file as it was sent (the walk changed only metadata in `bytes`).
  const original = Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  const result = await (
    await mediaInfo()
  ).analyzeData(original.length, (size, offset) =>
    original.subarray(offset, Math.min(offset + size, original.length)),
  )
  const tracks = result.media?.track ?? []
  const general = tracks.find((track) => track['@type'] === 'General')
  const videos = tracks.filter((track) => track['@type'] === 'Video')
  const audios = tracks.filter((track) => track['@type'] === 'Audio')
  const extra = field(general, 'extra') as Record<string, unknown> | undefined
  if (extra?.IsTruncated === 'Yes') fail(CLIP_MESSAGES.truncated)

  const format = text(general, 'Format')
  if (kind === 'mp4') {
    if (format !== 'MPEG-4') fail(CLIP_MESSAGES.notAVideo)
    const major = text(general, 'CodecID')
    if (major === 'qt  ' || major === 'qt' || text(general, 'Format_Profile') === 'QuickTime') {
      fail(CLIP_MESSAGES.quickTime)
    }
    const brands = [major, ...text(general, 'CodecID_Compatible').split('/')]
    if (!brands.some((brand) => MP4_BRANDS.has(brand) || MP4_BRANDS.has(brand.padEnd(4)))) {
      fail(CLIP_MESSAGES.notAVideo)
    }
  } else {
    if (format === 'Matroska') fail(CLIP_MESSAGES.matroska)
    if (format !== 'WebM') fail(CLIP_MESSAGES.notAVideo)
    // A WebM track that is neither video nor sound (subtitles) is not dropped: refused.
    if (tracks.some((track) => track['@type'] === 'Text')) fail(CLIP_MESSAGES.tooManyTracks)
  }

  const encrypted = (track: Track) =>
    text(track, 'Encryption') !== '' || text(track, 'Format') === '(Encrypted)'
  if ([...videos, ...audios].some(encrypted)) fail(CLIP_MESSAGES.encrypted)
  // A WebM track whose frames are compressed or stripped of headers plays nowhere.
  if (kind === 'ebml' && [...videos, ...audios].some((track) => text(track, 'MuxingMode'))) {
    fail(CLIP_MESSAGES.encrypted)
  }

  const video = videos[0] ?? fail(CLIP_MESSAGES.noVideoTrack)
  if (videos.length > 1 || audios.length > 1) fail(CLIP_MESSAGES.tooManyTracks)
  const videoFormat = text(video, 'Format')
  if (videoFormat === 'HEVC') fail(CLIP_MESSAGES.hevc)
  const videoCodec =
    kind === 'mp4'
      ? videoFormat === 'AVC'
        ? 'h264'
        : fail(CLIP_MESSAGES.videoCodec)
      : (WEBM_VIDEO.get(videoFormat) ?? fail(CLIP_MESSAGES.videoCodec))
  const audio = audios[0]
  const audioFormat = text(audio, 'Format')
  const audioCodec = !audio
    ? null
    : kind === 'mp4'
      ? audioFormat === 'AAC'
        ? 'aac'
        : fail(CLIP_MESSAGES.audioCodec)
      : (WEBM_AUDIO.get(audioFormat) ?? fail(CLIP_MESSAGES.audioCodec))

  const durationMs = Math.round(clipSeconds(general, video, lastBlockMs))
  if (!(durationMs > 0)) fail(CLIP_MESSAGES.noDuration)
  if (durationMs > CLIP_MAX_DURATION_MS) fail(CLIP_MESSAGES.tooLong)

  const width = field(video, 'Width')
  const height = field(video, 'Height')
  if (!width || !height) fail(CLIP_MESSAGES.noSize)
  if (!isSide(width) || !isSide(height)) fail(CLIP_MESSAGES.badSize)

  const info: ClipInfo = {
    contentType: kind === 'mp4' ? 'video/mp4' : 'video/webm',
    durationMs,
    width: width as number,
    height: height as number,
    videoCodec,
    audioCodec,
  }
  return { info, bytes }
}

const isSide = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= CLIP_MAX_SIDE

/**
 * The clip's length in milliseconds: the movie's (MediaInfo says seconds), else its video
 * track's, else the last block's time (a recording without a Duration).
 */
function clipSeconds(general: Track | undefined, video: Track, lastBlockMs: number): number {
  for (const value of [field(general, 'Duration'), field(video, 'Duration')]) {
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value * 1000
  }
  return lastBlockMs
}
