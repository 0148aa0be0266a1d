/**
 * Tiny MP4 and WebM files built by hand, byte by byte (no ffmpeg on the machines that run the
 * tests): a container whose structure and codec names are real, around a few bytes of "frames".
 * Enough for the server's checks (services/media/clip-containers.ts), which read the structure and
 * never decode a frame.
 */

// ---------------------------------------------------------------------------------------------
// MP4

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value)
  return bytes
}
const u16 = (value: number) => {
  const bytes = Buffer.alloc(2)
  bytes.writeUInt16BE(value)
  return bytes
}

export function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body])
}

const fullBox = (type: string, version: number, ...parts: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...parts)

export interface Mp4Options {
  majorBrand?: string
  durationSeconds?: number
  /** The video sample entry's type: avc1 (H.264), hvc1 (H.265)… */
  videoEntry?: string
  width?: number
  height?: number
  /** AAC by default; null for none; a number is the esds object type (0x6b is MP3). */
  audio?: number | null
  /** A title and a place in udta, and a meta box: what the server must take out. */
  withMetadata?: boolean
  /** A timed-metadata track whose sample holds this text. */
  metadataTrackText?: string
  /** More `trak` boxes, as they are, after the others (tests/helpers/hostile-videos.ts). */
  extraTracks?: Buffer[]
}

export const MP4_SECRET = 'Secret Place 48.8566N'
export const MP4_FRAME = Buffer.from('FRAME-BYTES-0123456789')

/** A small MP4: ftyp, moov (mvhd, tracks, udta), then mdat with one sample per track. */
export function makeMp4(options: Mp4Options = {}): Buffer {
  const {
    majorBrand = 'isom',
    durationSeconds = 5,
    videoEntry = 'avc1',
    width = 320,
    height = 180,
    audio = 0x40,
    withMetadata = true,
    metadataTrackText,
    extraTracks = [],
  } = options
  const timescale = 1000
  const mvhd = fullBox(
    'mvhd',
    0,
    u32(0),
    u32(0),
    u32(timescale),
    u32(Math.round(durationSeconds * timescale)),
    Buffer.alloc(80),
  )
  const samples: Buffer[] = [MP4_FRAME]
  if (audio !== null) samples.push(Buffer.from('AUDIO-SAMPLE'))
  if (metadataTrackText) samples.push(Buffer.from(metadataTrackText))

  let trackId = 0
  const track = (handler: string, entry: Buffer, chunkOffset: number, size: number) =>
    box(
      'trak',
      // tkhd: created, modified, track ID, reserved, duration, then layer, matrix, size…
      fullBox(
        'tkhd',
        0,
        u32(0),
        u32(0),
        u32((trackId += 1)),
        u32(0),
        u32(Math.round(durationSeconds * timescale)),
        Buffer.alloc(60),
      ),
      box(
        'mdia',
        fullBox(
          'mdhd',
          0,
          u32(0),
          u32(0),
          u32(timescale),
          u32(durationSeconds * timescale),
          u32(0),
        ),
        fullBox(
          'hdlr',
          0,
          u32(0),
          Buffer.from(handler, 'latin1'),
          Buffer.alloc(12),
          Buffer.from('h\0'),
        ),
        box(
          'minf',
          box(
            'stbl',
            fullBox('stsd', 0, u32(1), entry),
            fullBox('stts', 0, u32(1), u32(1), u32(durationSeconds * timescale)),
            fullBox('stsc', 0, u32(1), u32(1), u32(1), u32(1)),
            fullBox('stsz', 0, u32(0), u32(1), u32(size)),
            fullBox('stco', 0, u32(1), u32(chunkOffset)),
          ),
        ),
      ),
    )
  const visualEntry = box(
    videoEntry,
    Buffer.alloc(6),
    u16(1),
    Buffer.alloc(16),
    u16(width),
    u16(height),
    Buffer.alloc(50),
    box('avcC', Buffer.from([1, 0x42, 0, 0x1e, 0xff, 0xe0, 0])),
  )
  const esds = (objectType: number) =>
    fullBox(
      'esds',
      0,
      // ES_Descriptor: tag 3, size, ES_ID, flags; DecoderConfigDescriptor: tag 4, size, type,
      // stream type, buffer size and bitrates; DecoderSpecificInfo: tag 5, AAC-LC 48 kHz stereo;
      // SLConfigDescriptor: tag 6.
      Buffer.from([0x03, 0x19, 0, 1, 0, 0x04, 0x11, objectType, 0x15]),
      Buffer.alloc(11),
      Buffer.from([0x05, 0x02, 0x11, 0x90, 0x06, 0x01, 0x02]),
    )
  const audioEntry = (objectType: number) =>
    box(
      'mp4a',
      Buffer.alloc(6),
      u16(1),
      Buffer.alloc(8),
      u16(2),
      u16(16),
      Buffer.alloc(4),
      u32(48000 * 65536),
      esds(objectType),
    )
  const metaEntry = box('mebx', Buffer.alloc(6), u16(1))

  const build = (offsets: number[]) => {
    trackId = 0
    const traks = [track('vide', visualEntry, offsets[0] ?? 0, MP4_FRAME.length)]
    let index = 1
    if (audio !== null) {
      traks.push(track('soun', audioEntry(audio), offsets[index] ?? 0, samples[index]?.length ?? 0))
      index += 1
    }
    if (metadataTrackText) {
      traks.push(track('meta', metaEntry, offsets[index] ?? 0, samples[index]?.length ?? 0))
    }
    const udta = withMetadata
      ? [
          box(
            'udta',
            box('\u00a9nam', Buffer.from('My private title')),
            box('\u00a9xyz', Buffer.from(MP4_SECRET)),
          ),
          fullBox('meta', 0, box('hdlr', Buffer.alloc(20)), box('ilst', Buffer.from('Camera XYZ'))),
        ]
      : []
    const ftyp = box(
      'ftyp',
      Buffer.from(majorBrand, 'latin1'),
      u32(0x200),
      Buffer.from('isommp41', 'latin1'),
    )
    const moov = box('moov', mvhd, ...traks, ...extraTracks, ...udta)
    return { ftyp, moov }
  }
  // Two passes: the chunk offsets point into mdat, after ftyp and moov.
  const first = build(samples.map(() => 0))
  let at = first.ftyp.length + first.moov.length + 8
  const offsets = samples.map((sample) => {
    const offset = at
    at += sample.length
    return offset
  })
  const { ftyp, moov } = build(offsets)
  return Buffer.concat([ftyp, moov, box('mdat', ...samples)])
}

// ---------------------------------------------------------------------------------------------
// WebM

function vintSize(size: number): Buffer {
  // 8-byte sizes throughout: simple and valid.
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64BE(BigInt(size))
  bytes[0] = (bytes[0] ?? 0) | 0x01
  return bytes
}

const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])

function idBytes(id: number): Buffer {
  const hex = id.toString(16)
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')
}

export function element(id: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  return Buffer.concat([idBytes(id), vintSize(body.length), body])
}

const uint = (id: number, value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value)
  return element(id, bytes)
}
const str = (id: number, value: string) => element(id, Buffer.from(value, 'latin1'))
const float = (id: number, value: number) => {
  const bytes = Buffer.alloc(8)
  bytes.writeDoubleBE(value)
  return element(id, bytes)
}

export interface WebmOptions {
  docType?: string
  /** Seconds in Info; null leaves Duration out (as MediaRecorder does). */
  durationSeconds?: number | null
  /** The last block's time, in seconds. */
  lastBlockSeconds?: number
  videoCodec?: string
  audioCodec?: string | null
  width?: number
  height?: number
  /** PixelWidth's payload as it is, instead of `width` (tests/helpers/hostile-videos.ts). */
  widthBytes?: Buffer
  withMetadata?: boolean
  /** Segment and clusters of unknown size, as a live recorder writes them. */
  unknownSizes?: boolean
}

export const WEBM_SECRET = 'Recorded at 221B Baker Street'

/** A small WebM: EBML header, Segment (Info, Tracks, Tags, Attachments, two Clusters). */
export function makeWebm(options: WebmOptions = {}): Buffer {
  const {
    docType = 'webm',
    durationSeconds = 4,
    lastBlockSeconds = 3.9,
    videoCodec = 'V_VP9',
    audioCodec = 'A_OPUS',
    width = 640,
    height = 360,
    widthBytes,
    withMetadata = true,
    unknownSizes = false,
  } = options
  const header = element(
    0x1a45dfa3,
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    str(0x4282, docType),
    uint(0x4287, 4),
    uint(0x4285, 2),
  )
  const info = element(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000),
    ...(durationSeconds === null ? [] : [float(0x4489, durationSeconds * 1000)]),
    str(0x4d80, 'hand-made'),
    str(0x5741, 'hand-made'),
    ...(withMetadata ? [str(0x7ba9, WEBM_SECRET)] : []),
  )
  const trackEntry = (number: number, type: number, codec: string, extra: Buffer[] = []) =>
    element(
      0xae,
      uint(0xd7, number),
      uint(0x73c5, number),
      uint(0x83, type),
      str(0x86, codec),
      ...extra,
    )
  const tracks = element(
    0x1654ae6b,
    trackEntry(1, 1, videoCodec, [
      element(0xe0, widthBytes ? element(0xb0, widthBytes) : uint(0xb0, width), uint(0xba, height)),
    ]),
    ...(audioCodec ? [trackEntry(2, 2, audioCodec)] : []),
  )
  const block = (track: number, time: number) => {
    const bytes = Buffer.alloc(4)
    bytes[0] = 0x80 | track
    bytes.writeInt16BE(time, 1)
    bytes[3] = 0x80
    return element(0xa3, bytes, Buffer.from('VP9-FRAME'))
  }
  const cluster = (start: number, blockTime: number) => {
    const body = Buffer.concat([uint(0xe7, start), block(1, 0), block(1, blockTime)])
    return unknownSizes
      ? Buffer.concat([idBytes(0x1f43b675), UNKNOWN_SIZE, body])
      : element(0x1f43b675, body)
  }
  const lastMs = Math.round(lastBlockSeconds * 1000)
  const metadata = withMetadata
    ? [
        element(
          0x1254c367,
          element(0x7373, element(0x67c8, str(0x45a3, 'LOCATION'), str(0x4487, WEBM_SECRET))),
        ),
        element(
          0x1941a469,
          element(0x61a7, str(0x466e, 'notes.txt'), element(0x465c, Buffer.from(WEBM_SECRET))),
        ),
      ]
    : []
  const segmentBody = Buffer.concat([
    info,
    tracks,
    ...(unknownSizes ? [] : metadata),
    cluster(0, 500),
    cluster(Math.max(lastMs - 500, 0), Math.min(500, lastMs)),
    ...(unknownSizes ? metadata : []),
  ])
  const segment = unknownSizes
    ? Buffer.concat([idBytes(0x18538067), UNKNOWN_SIZE, segmentBody])
    : element(0x18538067, segmentBody)
  return Buffer.concat([header, segment])
}
