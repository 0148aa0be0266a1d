/**
 * The WebM half of the clip's metadata walk (clip-structure.ts says the walk's rules): the
 * Segment's children and, inside Clusters, their blocks (for the length of a recording that
 * wrote no Duration). Tags, Attachments and Info's Title (with Info's CRC-32, which it breaks)
 * become Void elements of the same size, zeroed.
 */
import { CLIP_MESSAGES } from './clip-containers'
import { PartBudget, fail } from './clip-structure'

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
