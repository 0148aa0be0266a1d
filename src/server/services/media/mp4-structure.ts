/**
 * The MP4 half of the clip's metadata walk (clip-structure.ts says the walk's rules): top-level
 * boxes, then moov's tree through its containers only. `udta`, `meta`, `uuid`, `XMP_` and `ID32`
 * become `free` of the same size, zeroed; a track that is neither video nor sound (timed
 * metadata, text, chapters) becomes `free`, its samples zeroed from its own sample table, so
 * every chunk offset (`stco`/`co64`) still points where it did.
 */
import { CLIP_MESSAGES } from './clip-containers'
import { MP4_MAX_DEPTH, PartBudget, fail } from './clip-structure'

const fourcc = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0)
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
