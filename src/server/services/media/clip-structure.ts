/**
 * The few boxes and elements of a clip that can hold metadata, found by a bounded walk and blanked
 * in place (clip-containers.ts reads everything else through MediaInfo). Runs in the clip worker
 * (clip-worker.ts), under its time budget and heap cap.
 *
 * The walk trusts no count or size in the file: every size is checked against the bytes that are
 * there (a box or element that claims more is a truncation), a count is never looped over beyond
 * the entries actually present, the parts walked are at most CLIP_MAX_PARTS, and the nesting
 * followed is at most MP4_MAX_DEPTH, with an explicit stack (no recursion on the input's depth).
 * Nothing is kept per box or element: the work is linear in the file's length and the memory is
 * constant.
 *
 * - MP4: top-level boxes, then moov's tree through its containers only. `udta`, `meta`, `uuid`,
 *   `XMP_` and `ID32` become `free` of the same size, zeroed; a track that is neither video nor
 *   sound (timed metadata, text, chapters) becomes `free`, its samples zeroed from its own sample
 *   table, so every chunk offset (`stco`/`co64`) still points where it did.
 * - WebM: the Segment's children and, inside Clusters, their blocks (for the length of a
 *   recording that wrote no Duration). Tags, Attachments and Info's Title (with Info's CRC-32,
 *   which it breaks) become Void elements of the same size, zeroed.
 */
import { CLIP_MESSAGES, ClipError } from './clip-containers'

/** Boxes or elements walked at most: far more than a 60-second clip has (a block a frame). */
export const CLIP_MAX_PARTS = 100_000
/** MP4 nesting followed at most (moov/trak/mdia/minf/stbl/stsd is 6). */
export const MP4_MAX_DEPTH = 8

const fail = (message: string): never => {
  throw new ClipError(message)
}

const fourcc = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0)

/** Counts the parts walked; past CLIP_MAX_PARTS the file is refused. */
class PartBudget {
  private used = 0
  take(): void {
    this.used += 1
    if (this.used > CLIP_MAX_PARTS) fail(CLIP_MESSAGES.tooManyParts)
  }
}

// ---------------------------------------------------------------------------------------------
// MP4

interface Box {
  type: string
  start: number
  body: number
  end: number
}

/** The box at `at`, inside a parent that ends at `end`; its size is checked against `end`. */
function readBox(bytes: Buffer, at: number, end: number, topLevel: boolean): Box {
  if (end - at < 8) fail(CLIP_MESSAGES.truncated)
  let size = bytes.readUInt32BE(at)
  const type = fourcc(bytes, at + 4)
  let body = at + 8
  if (size === 1) {
    if (end - at < 16) fail(CLIP_MESSAGES.truncated)
    const large = bytes.readBigUInt64BE(at + 8)
    if (large > BigInt(end - at)) fail(CLIP_MESSAGES.truncated)
    size = Number(large)
    body = at + 16
  } else if (size === 0) {
    // "To the end of the file": only a top-level box may say so.
    if (!topLevel) fail(CLIP_MESSAGES.truncated)
    size = end - at
  }
  if (size < body - at || size > end - at) fail(CLIP_MESSAGES.truncated)
  return { type, start: at, body, end: at + size }
}

/** The first child of `parent` of this type (a scan of its children, bounded by its bytes). */
function childBox(bytes: Buffer, parent: Box, type: string, skip = 0): Box | undefined {
  for (let at = parent.body + skip; at < parent.end;) {
    const box = readBox(bytes, at, parent.end, false)
    if (box.type === type) return box
    at = box.end
  }
  return undefined
}

const boxAt = (bytes: Buffer, from: Box | undefined, ...types: string[]): Box | undefined => {
  let current = from
  for (const type of types) current = current && childBox(bytes, current, type)
  return current
}

/** Boxes that hold metadata (titles, places, devices, software), wherever they are walked. */
const MP4_METADATA = new Set(['udta', 'meta', 'uuid', 'XMP_', 'ID32'])
/** Boxes whose children are walked for metadata. */
const MP4_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'edts', 'dinf', 'mvex'])

/** Makes a box into `free` of the same size, its payload zeroed: offsets elsewhere stay right. */
function blankBox(bytes: Buffer, box: Box): void {
  bytes.write('free', box.start + 4, 'latin1')
  bytes.fill(0, box.body, box.end)
}

/** Blanks the metadata of an MP4 in place; refuses a file without `moov` or `mdat`. */
export function stripMp4(bytes: Buffer): void {
  const budget = new PartBudget()
  let hasMovie = false
  let hasData = false
  // The walk: a stack of the containers being read, each with where its next child starts.
  const stack: { at: number; end: number }[] = [{ at: 0, end: bytes.length }]
  while (stack.length > 0) {
    const level = stack[stack.length - 1] as { at: number; end: number }
    if (level.at >= level.end) {
      stack.pop()
      continue
    }
    budget.take()
    const topLevel = stack.length === 1
    const box = readBox(bytes, level.at, level.end, topLevel)
    level.at = box.end
    if (topLevel && box.type === 'mdat') hasData = true
    if (topLevel && box.type === 'moov') hasMovie = true
    if (MP4_METADATA.has(box.type)) {
      blankBox(bytes, box)
    } else if (box.type === 'trak' && !playsInTheClip(bytes, box)) {
      // A timed-metadata or text track: not part of what plays, and it may hold a place or a
      // device; dropped from the movie, its samples zeroed.
      zeroTrackSamples(bytes, box)
      blankBox(bytes, box)
    } else if (MP4_CONTAINERS.has(box.type) && (box.type !== 'moov' || topLevel)) {
      if (stack.length >= MP4_MAX_DEPTH) fail(CLIP_MESSAGES.tooDeep)
      stack.push({ at: box.body, end: box.end })
    }
  }
  if (!hasMovie || !hasData) fail(CLIP_MESSAGES.truncated)
}

/** Whether a track is video or sound (its `hdlr`); a track without one is damaged. */
function playsInTheClip(bytes: Buffer, trak: Box): boolean {
  const hdlr = boxAt(bytes, trak, 'mdia', 'hdlr') ?? fail(CLIP_MESSAGES.truncated)
  if (hdlr.end - hdlr.body < 12) fail(CLIP_MESSAGES.truncated)
  const handler = fourcc(bytes, hdlr.body + 8)
  return handler === 'vide' || handler === 'soun'
}

/** A full box's body past version and flags, at least `need` bytes long, else a truncation. */
function fullBoxBody(box: Box, need: number): number {
  if (box.end - box.body < 4 + need) fail(CLIP_MESSAGES.truncated)
  return box.body + 4
}

/**
 * Zeroes the samples of a dropped track, read from its sample table. Every count is checked
 * against the entries its box holds and every sample against the file's end, so the work is at
 * most the table's bytes.
 */
function zeroTrackSamples(bytes: Buffer, trak: Box): void {
  const stbl = boxAt(bytes, trak, 'mdia', 'minf', 'stbl')
  if (!stbl) return
  const stco = childBox(bytes, stbl, 'stco') ?? childBox(bytes, stbl, 'co64')
  const stsz = childBox(bytes, stbl, 'stsz')
  const stsc = childBox(bytes, stbl, 'stsc')
  if (!stco || !stsz || !stsc) return

  const wide = stco.type === 'co64'
  const offsetSize = wide ? 8 : 4
  const stcoBody = fullBoxBody(stco, 4)
  const chunks = bytes.readUInt32BE(stcoBody)
  if (chunks > (stco.end - stcoBody - 4) / offsetSize) fail(CLIP_MESSAGES.truncated)
  const chunkOffset = (chunk: number) => {
    const at = stcoBody + 4 + chunk * offsetSize
    return wide ? Number(bytes.readBigUInt64BE(at)) : bytes.readUInt32BE(at)
  }

  const stszBody = fullBoxBody(stsz, 8)
  const fixedSize = bytes.readUInt32BE(stszBody)
  const samples = bytes.readUInt32BE(stszBody + 4)
  if (fixedSize === 0 && samples > (stsz.end - stszBody - 8) / 4) fail(CLIP_MESSAGES.truncated)
  if (fixedSize !== 0 && samples > bytes.length / fixedSize) fail(CLIP_MESSAGES.truncated)
  const sizeOf = (sample: number) =>
    fixedSize !== 0 ? fixedSize : bytes.readUInt32BE(stszBody + 8 + sample * 4)

  const stscBody = fullBoxBody(stsc, 4)
  const runs = bytes.readUInt32BE(stscBody)
  if (runs > (stsc.end - stscBody - 4) / 12) fail(CLIP_MESSAGES.truncated)
  const runAt = (run: number) => stscBody + 4 + run * 12

  let sample = 0
  for (let run = 0; run < runs && sample < samples; run += 1) {
    const first = bytes.readUInt32BE(runAt(run)) - 1
    const perChunk = bytes.readUInt32BE(runAt(run) + 4)
    const next = run + 1 < runs ? bytes.readUInt32BE(runAt(run + 1)) - 1 : chunks
    for (let chunk = Math.max(first, 0); chunk < Math.min(next, chunks); chunk += 1) {
      let offset = chunkOffset(chunk)
      // Each sample is one of the `samples` the table holds: the loop ends with them.
      for (let i = 0; i < perChunk && sample < samples; i += 1, sample += 1) {
        const size = sizeOf(sample)
        if (offset + size > bytes.length) fail(CLIP_MESSAGES.truncated)
        bytes.fill(0, offset, offset + size)
        offset += size
      }
      if (sample >= samples) break
    }
  }
}

// ---------------------------------------------------------------------------------------------
// WebM (EBML)

const EBML = {
  header: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  title: 0x7ba9,
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
  0x1654ae6b, // Tracks
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
  /** The end of its body; for an unknown size, the end of its parent (found while reading). */
  end: number
  unknownSize: boolean
}

/** A variable-length integer: at most 8 bytes, its value within the safe integers. */
function readVint(bytes: Buffer, at: number, keepMarker: boolean) {
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

function readElement(bytes: Buffer, at: number, limit: number): Element {
  const id = readVint(bytes, at, true)
  if (id.length > 4) fail(CLIP_MESSAGES.notAVideo)
  const size = readVint(bytes, at + id.length, false)
  const body = at + id.length + size.length
  if (size.allOnes) return { id: id.value, start: at, body, end: limit, unknownSize: true }
  if (size.value > limit - body) fail(CLIP_MESSAGES.truncated)
  return { id: id.value, start: at, body, end: body + size.value, unknownSize: false }
}

/** An unsigned integer element of at most 8 bytes (a longer one is damaged). */
function readUint(bytes: Buffer, element: Element): number {
  if (element.end - element.body > 8) fail(CLIP_MESSAGES.notAVideo)
  let value = 0
  for (let at = element.body; at < element.end; at += 1) value = value * 256 + (bytes[at] ?? 0)
  return value
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

/** What the walk of a WebM learnt: the time of its last block, in milliseconds. */
export interface WebmWalk {
  lastBlockMs: number
}

/**
 * Blanks the metadata of a WebM in place, and answers the time of its last block (the length of
 * a recording without a Duration). Refuses a file without Info or a Cluster.
 */
export function stripWebm(bytes: Buffer): WebmWalk {
  const budget = new PartBudget()
  const header = readElement(bytes, 0, bytes.length)
  if (header.id !== EBML.header || header.unknownSize) fail(CLIP_MESSAGES.notAVideo)
  if (header.end >= bytes.length) fail(CLIP_MESSAGES.truncated)
  const segment = readElement(bytes, header.end, bytes.length)
  if (segment.id !== EBML.segment) fail(CLIP_MESSAGES.truncated)

  let scaleNs = 1_000_000
  let lastTicks = 0
  let hasInfo = false
  let hasCluster = false
  let at = segment.body
  while (at < segment.end) {
    budget.take()
    const child = readElement(bytes, at, segment.end)
    // A Segment of unknown size runs to the file's end; another EBML header there is not ours.
    if (child.id === EBML.header) fail(CLIP_MESSAGES.notAVideo)
    if (child.unknownSize && child.id !== EBML.cluster) fail(CLIP_MESSAGES.notAVideo)
    if (child.id === EBML.info) {
      hasInfo = true
      scaleNs = stripInfo(bytes, child, budget) ?? scaleNs
    } else if (child.id === EBML.tags || child.id === EBML.attachments) {
      voidElement(bytes, child)
    } else if (child.id === EBML.cluster) {
      hasCluster = true
      const read = readCluster(bytes, child, budget)
      child.end = read.end
      lastTicks = Math.max(lastTicks, read.lastTicks)
    }
    at = child.end
  }
  // After a Segment of known size, only padding.
  for (at = segment.end; at < bytes.length;) {
    budget.take()
    const rest = readElement(bytes, at, bytes.length)
    if (rest.id !== EBML.void || rest.unknownSize) fail(CLIP_MESSAGES.notAVideo)
    at = rest.end
  }
  if (!hasInfo || !hasCluster) fail(CLIP_MESSAGES.truncated)
  return { lastBlockMs: (lastTicks * scaleNs) / 1e6 }
}

/** Voids Info's Title (and its CRC-32); answers its TimestampScale, if it says one. */
function stripInfo(bytes: Buffer, info: Element, budget: PartBudget): number | null {
  let scaleNs: number | null = null
  let title: Element | null = null
  let crc: Element | null = null
  for (let at = info.body; at < info.end;) {
    budget.take()
    const field = readElement(bytes, at, info.end)
    if (field.unknownSize) fail(CLIP_MESSAGES.notAVideo)
    if (field.id === EBML.timestampScale) scaleNs = readUint(bytes, field)
    else if (field.id === EBML.title) title = field
    else if (field.id === EBML.crc32) crc = field
    at = field.end
  }
  if (title) {
    voidElement(bytes, title)
    if (crc) voidElement(bytes, crc)
  }
  return scaleNs !== null && scaleNs > 0 ? scaleNs : null
}

/**
 * A Cluster's blocks: the time of its last one, in timestamp ticks, and where the Cluster ends
 * (for an unknown size, at the next child of the Segment).
 */
function readCluster(
  bytes: Buffer,
  cluster: Element,
  budget: PartBudget,
): { end: number; lastTicks: number } {
  let clusterTime = 0
  let lastTicks = 0
  let at = cluster.body
  while (at < cluster.end) {
    if (cluster.unknownSize && SEGMENT_CHILDREN.has(readVint(bytes, at, true).value)) break
    budget.take()
    const child = readElement(bytes, at, cluster.end)
    if (child.unknownSize) fail(CLIP_MESSAGES.notAVideo)
    let block: Element | null = null
    if (child.id === EBML.timestamp) {
      clusterTime = readUint(bytes, child)
      lastTicks = Math.max(lastTicks, clusterTime)
    } else if (child.id === EBML.simpleBlock) {
      block = child
    } else if (child.id === EBML.blockGroup) {
      for (let inner = child.body; inner < child.end;) {
        budget.take()
        const field = readElement(bytes, inner, child.end)
        if (field.unknownSize) fail(CLIP_MESSAGES.notAVideo)
        if (field.id === EBML.block) block = field
        inner = field.end
      }
    }
    if (block) {
      const track = readVint(bytes, block.body, false)
      const timeAt = block.body + track.length
      if (timeAt + 2 > block.end) fail(CLIP_MESSAGES.truncated)
      lastTicks = Math.max(lastTicks, clusterTime + bytes.readInt16BE(timeAt))
    }
    at = child.end
  }
  return { end: at, lastTicks }
}
