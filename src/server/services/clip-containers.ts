/**
 * Clips in posts (docs/API.md "Clips in posts"): the container and codecs of an uploaded video,
 * read from its bytes (never its name or the type the client claims), and its metadata taken out
 * without touching a frame. No transcoding, no native code: a file a browser cannot play as sent
 * is refused with a sentence (CLIP_MESSAGES).
 *
 * - MP4 (ISO BMFF): `ftyp` first, then the box tree. The movie's length is `mvhd`'s; each track's
 *   handler (`hdlr`) says what it is and its first sample entry (`stsd`) how it is coded: H.264
 *   (`avc1`/`avc3`) video, AAC (`mp4a` whose `esds` names AAC) audio. Metadata (`udta`, `meta`)
 *   becomes `free` boxes of the same size with their bytes zeroed, so every chunk offset
 *   (`stco`/`co64`) still points where it did.
 * - WebM (EBML): DocType `webm` (a Matroska file is refused even when named .webm); the length is
 *   Segment Info's Duration, or the last block's time when the recorder wrote none (a browser's
 *   MediaRecorder); the codecs are Tracks' CodecIDs: VP8, VP9 or AV1 video, Opus or Vorbis audio.
 *   Tags, Attachments and the Title become Void elements of the same size, zeroed.
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
} as const

export class ClipError extends Error {
  override name = 'ClipError'
}

const fail = (message: string): never => {
  throw new ClipError(message)
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

/**
 * Checks a clip and answers what it is, with a copy of its bytes without metadata (the same
 * length: nothing moves). Throws ClipError with one of CLIP_MESSAGES.
 */
export function checkClip(input: Uint8Array): { info: ClipInfo; bytes: Buffer } {
  const bytes = Buffer.from(input)
  const kind = sniffVideoType(bytes)
  const info =
    kind === 'mp4'
      ? checkMp4(bytes)
      : kind === 'ebml'
        ? checkWebm(bytes)
        : fail(CLIP_MESSAGES.notAVideo)
  if (info.durationMs <= 0) fail(CLIP_MESSAGES.noDuration)
  if (info.durationMs > CLIP_MAX_DURATION_MS) fail(CLIP_MESSAGES.tooLong)
  if (info.width <= 0 || info.height <= 0) fail(CLIP_MESSAGES.noSize)
  return { info, bytes }
}

// ---------------------------------------------------------------------------------------------
// MP4

interface Box {
  type: string
  /** Where the box starts (its size field). */
  start: number
  /** Where its payload starts, past the size and type (and largesize). */
  body: number
  end: number
}

/** The boxes between `start` and `end`; a box that claims more than is there is a truncation. */
function boxesIn(bytes: Buffer, start: number, end: number, topLevel = false): Box[] {
  const boxes: Box[] = []
  let at = start
  while (at < end) {
    if (end - at < 8) fail(CLIP_MESSAGES.truncated)
    let size = bytes.readUInt32BE(at)
    const type = fourcc(bytes, at + 4)
    let body = at + 8
    if (size === 1) {
      if (end - at < 16) fail(CLIP_MESSAGES.truncated)
      const large = bytes.readBigUInt64BE(at + 8)
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) fail(CLIP_MESSAGES.truncated)
      size = Number(large)
      body = at + 16
    } else if (size === 0) {
      // "To the end of the file": only the last top-level box may say so.
      if (!topLevel) fail(CLIP_MESSAGES.truncated)
      size = end - at
    }
    if (size < body - at || at + size > end) fail(CLIP_MESSAGES.truncated)
    boxes.push({ type, start: at, body, end: at + size })
    at += size
  }
  return boxes
}

const child = (bytes: Buffer, box: Box, type: string) =>
  boxesIn(bytes, box.body, box.end).find((b) => b.type === type)

const path = (bytes: Buffer, box: Box, ...types: string[]): Box | undefined => {
  let current: Box | undefined = box
  for (const type of types) {
    if (!current) return undefined
    current = child(bytes, current, type)
  }
  return current
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

/** Makes a box into `free` of the same size, its payload zeroed: offsets elsewhere stay right. */
function blank(bytes: Buffer, box: Box): void {
  bytes.write('free', box.start + 4, 'latin1')
  bytes.fill(0, box.body, box.end)
}

function readFullBoxTime(bytes: Buffer, box: Box): { timescale: number; duration: number } {
  const version = bytes[box.body]
  // mvhd and mdhd: version, flags, created, modified, timescale, duration.
  const need = version === 1 ? 4 + 8 + 8 + 4 + 8 : 4 + 4 + 4 + 4 + 4
  if (box.end - box.body < need) fail(CLIP_MESSAGES.truncated)
  if (version === 1) {
    return {
      timescale: bytes.readUInt32BE(box.body + 20),
      duration: Number(bytes.readBigUInt64BE(box.body + 24)),
    }
  }
  return {
    timescale: bytes.readUInt32BE(box.body + 12),
    duration: bytes.readUInt32BE(box.body + 16),
  }
}

/** The object type of an `esds` box's decoder config: 0x40, 0x66–0x68 are AAC. */
function esdsObjectType(bytes: Buffer, esds: Box): number | null {
  let at = esds.body + 4
  const readDescriptor = (): { tag: number; body: number; end: number } | null => {
    if (at >= esds.end) return null
    const tag = bytes[at] ?? 0
    at += 1
    let size = 0
    for (let i = 0; i < 4; i += 1) {
      const byte = bytes[at] ?? 0
      at += 1
      size = (size << 7) | (byte & 0x7f)
      if ((byte & 0x80) === 0) break
    }
    return { tag, body: at, end: at + size }
  }
  const es = readDescriptor()
  if (!es || es.tag !== 0x03) return null
  const flags = bytes[at + 2] ?? 0
  at += 3
  if (flags & 0x80) at += 2
  if (flags & 0x40) at += 1 + (bytes[at] ?? 0)
  if (flags & 0x20) at += 2
  const config = readDescriptor()
  if (!config || config.tag !== 0x04 || config.body >= esds.end) return null
  return bytes[config.body] ?? null
}

const AAC_OBJECT_TYPES = new Set([0x40, 0x66, 0x67, 0x68])

function checkMp4(bytes: Buffer): ClipInfo {
  const top = boxesIn(bytes, 0, bytes.length, true)
  const ftyp = top[0]
  if (!ftyp || ftyp.type !== 'ftyp') return fail(CLIP_MESSAGES.notAVideo)
  if (ftyp.end - ftyp.body < 8) fail(CLIP_MESSAGES.truncated)
  const major = fourcc(bytes, ftyp.body)
  const brands = [major]
  for (let at = ftyp.body + 8; at + 4 <= ftyp.end; at += 4) brands.push(fourcc(bytes, at))
  if (major === 'qt  ') fail(CLIP_MESSAGES.quickTime)
  if (!brands.some((brand) => MP4_BRANDS.has(brand))) fail(CLIP_MESSAGES.notAVideo)

  const moov = top.find((box) => box.type === 'moov')
  if (!moov || !top.some((box) => box.type === 'mdat')) fail(CLIP_MESSAGES.truncated)
  const movie = moov as Box
  const mvhd = child(bytes, movie, 'mvhd') ?? fail(CLIP_MESSAGES.truncated)
  const movieTime = readFullBoxTime(bytes, mvhd)
  let durationMs =
    movieTime.timescale > 0 ? Math.round((movieTime.duration / movieTime.timescale) * 1000) : 0
  // A fragmented file may say its length in mvex/mehd instead.
  if (durationMs === 0) {
    const mehd = path(bytes, movie, 'mvex', 'mehd')
    if (mehd && movieTime.timescale > 0) {
      const length =
        bytes[mehd.body] === 1
          ? Number(bytes.readBigUInt64BE(mehd.body + 4))
          : bytes.readUInt32BE(mehd.body + 4)
      durationMs = Math.round((length / movieTime.timescale) * 1000)
    }
  }

  let video: { codec: string; width: number; height: number } | null = null
  let audio: string | null = null
  let tracks = 0
  for (const trak of boxesIn(bytes, movie.body, movie.end).filter((b) => b.type === 'trak')) {
    const hdlr = path(bytes, trak, 'mdia', 'hdlr') ?? fail(CLIP_MESSAGES.truncated)
    const handler = fourcc(bytes, hdlr.body + 8)
    if (handler !== 'vide' && handler !== 'soun') {
      // A timed-metadata or text track: not part of what plays, and it may hold a place or a
      // device; dropped from the movie (its samples stay unreferenced, zeroed below).
      zeroTrackSamples(bytes, trak)
      blank(bytes, trak)
      continue
    }
    tracks += 1
    const stsd = path(bytes, trak, 'mdia', 'minf', 'stbl', 'stsd') ?? fail(CLIP_MESSAGES.truncated)
    // stsd: version, flags, entry count, then the sample entries.
    const entries = boxesIn(bytes, stsd.body + 8, stsd.end)
    const entry = entries[0] ?? fail(CLIP_MESSAGES.truncated)
    if (entry.type === 'encv' || entry.type === 'enca') fail(CLIP_MESSAGES.encrypted)
    if (handler === 'vide') {
      if (video) fail(CLIP_MESSAGES.tooManyTracks)
      if (entry.type === 'hvc1' || entry.type === 'hev1') fail(CLIP_MESSAGES.hevc)
      if (entry.type !== 'avc1' && entry.type !== 'avc3') fail(CLIP_MESSAGES.videoCodec)
      // A visual sample entry: 8 bytes of sample entry, 16 reserved, then width and height.
      if (entry.end - entry.body < 28) fail(CLIP_MESSAGES.truncated)
      video = {
        codec: 'h264',
        width: bytes.readUInt16BE(entry.body + 24),
        height: bytes.readUInt16BE(entry.body + 26),
      }
    } else {
      if (audio) fail(CLIP_MESSAGES.tooManyTracks)
      if (entry.type !== 'mp4a') fail(CLIP_MESSAGES.audioCodec)
      // An audio sample entry: 8 bytes of sample entry and 20 of audio fields, then its boxes.
      if (entry.end - entry.body < 28) fail(CLIP_MESSAGES.truncated)
      const esds = boxesIn(bytes, entry.body + 28, entry.end).find((b) => b.type === 'esds')
      const objectType = esds ? esdsObjectType(bytes, esds) : null
      if (objectType === null || !AAC_OBJECT_TYPES.has(objectType)) fail(CLIP_MESSAGES.audioCodec)
      audio = 'aac'
    }
  }
  if (!video) return fail(CLIP_MESSAGES.noVideoTrack)
  if (tracks > 2) fail(CLIP_MESSAGES.tooManyTracks)

  stripMp4Metadata(bytes, top)
  return {
    contentType: 'video/mp4',
    durationMs,
    width: video.width,
    height: video.height,
    videoCodec: video.codec,
    audioCodec: audio,
  }
}

/** Boxes that hold metadata (titles, places, devices, software), wherever they are. */
const MP4_METADATA = new Set(['udta', 'meta', 'uuid', 'XMP_', 'ID32'])
/** Boxes whose children are boxes, searched for metadata. */
const MP4_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'edts', 'dinf', 'mvex'])

function stripMp4Metadata(bytes: Buffer, boxes: Box[]): void {
  for (const box of boxes) {
    if (MP4_METADATA.has(box.type)) blank(bytes, box)
    else if (MP4_CONTAINERS.has(box.type))
      stripMp4Metadata(bytes, boxesIn(bytes, box.body, box.end))
  }
}

/** Zeroes the samples of a track that is dropped, read from its sample table. */
function zeroTrackSamples(bytes: Buffer, trak: Box): void {
  const stbl = path(bytes, trak, 'mdia', 'minf', 'stbl')
  if (!stbl) return
  const stco = child(bytes, stbl, 'stco') ?? child(bytes, stbl, 'co64')
  const stsz = child(bytes, stbl, 'stsz')
  const stsc = child(bytes, stbl, 'stsc')
  if (!stco || !stsz || !stsc) return
  const wide = stco.type === 'co64'
  const chunks = bytes.readUInt32BE(stco.body + 4)
  const offsets: number[] = []
  for (let i = 0; i < chunks; i += 1) {
    const at = stco.body + 8 + i * (wide ? 8 : 4)
    if (at + (wide ? 8 : 4) > stco.end) return
    offsets.push(wide ? Number(bytes.readBigUInt64BE(at)) : bytes.readUInt32BE(at))
  }
  const fixedSize = bytes.readUInt32BE(stsz.body + 4)
  const sampleCount = bytes.readUInt32BE(stsz.body + 8)
  const sizeOf = (i: number) =>
    fixedSize !== 0
      ? fixedSize
      : stsz.body + 12 + i * 4 + 4 <= stsz.end
        ? bytes.readUInt32BE(stsz.body + 12 + i * 4)
        : 0
  const runs = bytes.readUInt32BE(stsc.body + 4)
  let sample = 0
  for (let run = 0; run < runs; run += 1) {
    const at = stsc.body + 8 + run * 12
    if (at + 12 > stsc.end) return
    const first = bytes.readUInt32BE(at) - 1
    const perChunk = bytes.readUInt32BE(at + 4)
    const next = run + 1 < runs ? bytes.readUInt32BE(at + 12) - 1 : offsets.length
    for (let chunk = first; chunk < next && chunk < offsets.length; chunk += 1) {
      let offset = offsets[chunk] ?? 0
      for (let i = 0; i < perChunk && sample < sampleCount; i += 1, sample += 1) {
        const size = sizeOf(sample)
        if (offset + size <= bytes.length) bytes.fill(0, offset, offset + size)
        offset += size
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// WebM (EBML)

const EBML = {
  header: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  title: 0x7ba9,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  contentEncodings: 0x6d80,
  cluster: 0x1f43b675,
  timestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  crc32: 0xbf,
  void: 0xec,
} as const

/** Top-level children of a Segment: one of these ends a Cluster of unknown size. */
const SEGMENT_CHILDREN = new Set<number>([
  0x114d9b74, // SeekHead
  EBML.info,
  EBML.tracks,
  0x1c53bb6b, // Cues
  EBML.cluster,
  0x1043a770, // Chapters
  EBML.tags,
  EBML.attachments,
])

interface Element {
  id: number
  start: number
  body: number
  /** The end of its body; for an unknown size, where its children end (found while reading). */
  end: number
  unknownSize: boolean
}

function readVint(
  bytes: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; allOnes: boolean } {
  const first = bytes[at]
  if (first === undefined) return fail(CLIP_MESSAGES.truncated)
  if (first === 0) return fail(CLIP_MESSAGES.notAVideo)
  const length = Math.clz32(first) - 23
  if (at + length > bytes.length) fail(CLIP_MESSAGES.truncated)
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = (first & (0xff >> length)) === 0xff >> length
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[at + i] ?? 0
    value = value * 256 + byte
    if (byte !== 0xff) allOnes = false
  }
  return { value, length, allOnes }
}

function readElementHead(bytes: Buffer, at: number, limit: number): Element {
  const id = readVint(bytes, at, true)
  if (id.length > 4) fail(CLIP_MESSAGES.notAVideo)
  const size = readVint(bytes, at + id.length, false)
  const body = at + id.length + size.length
  if (size.allOnes) {
    return { id: id.value, start: at, body, end: limit, unknownSize: true }
  }
  if (body + size.value > limit) fail(CLIP_MESSAGES.truncated)
  return { id: id.value, start: at, body, end: body + size.value, unknownSize: false }
}

/** The children of an element; a child of unknown size ends where the next sibling-level id is. */
function elementsIn(bytes: Buffer, start: number, end: number): Element[] {
  const elements: Element[] = []
  let at = start
  while (at < end) {
    const element = readElementHead(bytes, at, end)
    if (element.unknownSize) {
      // Read its children until an id of its own level (or the end) comes: a Segment runs to the
      // end of the file, a Cluster to the next top-level child of the Segment.
      const ends = element.id === EBML.segment ? new Set<number>([EBML.header]) : SEGMENT_CHILDREN
      let inner = element.body
      while (inner < end) {
        const peek = readVint(bytes, inner, true)
        if (ends.has(peek.value)) break
        inner = readElementHead(bytes, inner, end).end
      }
      element.end = inner
    }
    elements.push(element)
    at = element.end
  }
  return elements
}

function readUint(bytes: Buffer, element: Element): number {
  let value = 0
  for (let at = element.body; at < element.end; at += 1) value = value * 256 + (bytes[at] ?? 0)
  return value
}

function readFloat(bytes: Buffer, element: Element): number {
  const length = element.end - element.body
  if (length === 4) return bytes.readFloatBE(element.body)
  if (length === 8) return bytes.readDoubleBE(element.body)
  return 0
}

/** Makes an element a Void of the same total length, its bytes zeroed. */
function voidElement(bytes: Buffer, element: Element): void {
  const total = element.end - element.start
  bytes.fill(0, element.start, element.end)
  if (total < 2) return
  bytes[element.start] = EBML.void
  // The size as an 8-byte vint when there is room, else as short as fits.
  const sizeLength = total >= 9 ? 8 : total - 1
  const size = total - 1 - sizeLength
  bytes[element.start + 1] = 0x80 >> (sizeLength - 1)
  let rest = size
  for (let i = sizeLength - 1; i >= 0; i -= 1) {
    const at = element.start + 1 + i
    bytes[at] = (bytes[at] ?? 0) | (rest & 0xff)
    rest = Math.floor(rest / 256)
  }
}

const WEBM_VIDEO = new Map([
  ['V_VP8', 'vp8'],
  ['V_VP9', 'vp9'],
  ['V_AV1', 'av1'],
])
const WEBM_AUDIO = new Map([
  ['A_OPUS', 'opus'],
  ['A_VORBIS', 'vorbis'],
])

function checkWebm(bytes: Buffer): ClipInfo {
  const [header, segment, ...rest] = elementsIn(bytes, 0, bytes.length)
  if (!header || header.id !== EBML.header) return fail(CLIP_MESSAGES.notAVideo)
  const docType = elementsIn(bytes, header.body, header.end).find((e) => e.id === EBML.docType)
  const kind = docType
    ? bytes.toString('latin1', docType.body, docType.end).replace(/\0+$/, '')
    : ''
  if (kind === 'matroska') fail(CLIP_MESSAGES.matroska)
  if (kind !== 'webm') fail(CLIP_MESSAGES.notAVideo)
  if (!segment || segment.id !== EBML.segment) return fail(CLIP_MESSAGES.truncated)
  if (rest.length > 0 && rest.some((element) => element.id !== EBML.void)) {
    fail(CLIP_MESSAGES.notAVideo)
  }

  const children = elementsIn(bytes, segment.body, segment.end)
  const info = children.find((e) => e.id === EBML.info) ?? fail(CLIP_MESSAGES.truncated)
  const tracks = children.find((e) => e.id === EBML.tracks) ?? fail(CLIP_MESSAGES.truncated)
  const clusters = children.filter((e) => e.id === EBML.cluster)
  if (clusters.length === 0) fail(CLIP_MESSAGES.truncated)

  const infoChildren = elementsIn(bytes, info.body, info.end)
  const scaleElement = infoChildren.find((e) => e.id === EBML.timestampScale)
  const scaleNs = scaleElement ? readUint(bytes, scaleElement) : 1_000_000
  const durationElement = infoChildren.find((e) => e.id === EBML.duration)
  let durationMs = durationElement ? (readFloat(bytes, durationElement) * scaleNs) / 1e6 : 0
  if (!(durationMs > 0)) durationMs = (lastBlockTime(bytes, clusters) * scaleNs) / 1e6
  durationMs = Math.round(durationMs)

  let video: { codec: string; width: number; height: number } | null = null
  let audio: string | null = null
  for (const entry of elementsIn(bytes, tracks.body, tracks.end)) {
    if (entry.id !== EBML.trackEntry) continue
    const fields = elementsIn(bytes, entry.body, entry.end)
    const typeElement = fields.find((e) => e.id === EBML.trackType)
    const codecElement = fields.find((e) => e.id === EBML.codecId)
    const type = typeElement ? readUint(bytes, typeElement) : 0
    const codec = codecElement
      ? bytes.toString('latin1', codecElement.body, codecElement.end).replace(/\0+$/, '')
      : ''
    if (fields.some((e) => e.id === EBML.contentEncodings)) fail(CLIP_MESSAGES.encrypted)
    if (type === 1) {
      if (video) fail(CLIP_MESSAGES.tooManyTracks)
      if (codec === 'V_MPEGH/ISO/HEVC') fail(CLIP_MESSAGES.hevc)
      const name = WEBM_VIDEO.get(codec) ?? fail(CLIP_MESSAGES.videoCodec)
      const settings = fields.find((e) => e.id === EBML.video)
      const sizes = settings ? elementsIn(bytes, settings.body, settings.end) : []
      const width = sizes.find((e) => e.id === EBML.pixelWidth)
      const height = sizes.find((e) => e.id === EBML.pixelHeight)
      video = {
        codec: name,
        width: width ? readUint(bytes, width) : 0,
        height: height ? readUint(bytes, height) : 0,
      }
    } else if (type === 2) {
      if (audio) fail(CLIP_MESSAGES.tooManyTracks)
      audio = WEBM_AUDIO.get(codec) ?? fail(CLIP_MESSAGES.audioCodec)
    } else {
      fail(CLIP_MESSAGES.tooManyTracks)
    }
  }
  if (!video) return fail(CLIP_MESSAGES.noVideoTrack)

  // Metadata out: tags, attached files, the title (with the Info's checksum, which it breaks).
  for (const element of children) {
    if (element.id === EBML.tags || element.id === EBML.attachments) voidElement(bytes, element)
  }
  if (infoChildren.some((e) => e.id === EBML.title)) {
    for (const element of infoChildren) {
      if (element.id === EBML.title || element.id === EBML.crc32) voidElement(bytes, element)
    }
  }
  return {
    contentType: 'video/webm',
    durationMs,
    width: video.width,
    height: video.height,
    videoCodec: video.codec,
    audioCodec: audio,
  }
}

/** The time of the last block, in timestamp units: a recording without a Duration. */
function lastBlockTime(bytes: Buffer, clusters: Element[]): number {
  let last = 0
  for (const cluster of clusters) {
    const children = elementsIn(bytes, cluster.body, cluster.end)
    const base = children.find((e) => e.id === EBML.timestamp)
    const clusterTime = base ? readUint(bytes, base) : 0
    last = Math.max(last, clusterTime)
    for (const element of children) {
      let block: Element | undefined
      if (element.id === EBML.simpleBlock) block = element
      else if (element.id === EBML.blockGroup) {
        block = elementsIn(bytes, element.body, element.end).find((e) => e.id === EBML.block)
      }
      if (!block) continue
      const track = readVint(bytes, block.body, false)
      const at = block.body + track.length
      if (at + 2 > block.end) fail(CLIP_MESSAGES.truncated)
      last = Math.max(last, clusterTime + bytes.readInt16BE(at))
    }
  }
  return last
}
