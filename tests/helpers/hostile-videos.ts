/**
 * Hostile clips, built byte by byte around the valid ones of videos.ts: each made
 * the old hand-written parser freeze, run out of memory, answer 500 or store a nonsense size.
 * Sizes are modest (a test's, not an attacker's): the bench (bench/clip-bench.ts) sends big ones.
 */
import { box, makeMp4, makeWebm } from './videos'

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value >>> 0)
  return bytes
}
const fullBox = (type: string, ...parts: Buffer[]) => box(type, Buffer.alloc(4), ...parts)

/**
 * A text track (`hdlr` text) whose sample table declares `samples` samples in one chunk, with no
 * table of their sizes (stsz size 0): 133 bytes that declare 200 million samples.
 */
export function hugeTextTrack(samples = 200_000_000): Buffer {
  return box(
    'trak',
    box(
      'mdia',
      fullBox('hdlr', u32(0), Buffer.from('text', 'latin1'), Buffer.alloc(12), Buffer.from('t\0')),
      box(
        'minf',
        box(
          'stbl',
          fullBox('stsd', u32(1), box('tx3g', Buffer.alloc(6), Buffer.from([0, 1]))),
          // One chunk of 0xFFFFFFFF samples; sizes in a table (size 0) that is not there.
          fullBox('stsc', u32(1), u32(1), u32(0xffffffff), u32(1)),
          fullBox('stsz', u32(0), u32(samples)),
          fullBox('stco', u32(1), u32(0)),
        ),
      ),
    ),
  )
}

/** A valid MP4 with a dropped text track that declares 200 million samples. */
export const mp4WithHugeTextTrack = () => makeMp4({ extraTracks: [hugeTextTrack()] })

/** The top-level boxes of an MP4 built by videos.ts: ftyp, moov, mdat. */
function mp4Parts(mp4: Buffer) {
  const parts: Buffer[] = []
  for (let at = 0; at < mp4.length; at += mp4.readUInt32BE(at)) {
    parts.push(mp4.subarray(at, at + mp4.readUInt32BE(at)))
  }
  const [ftyp, moov, mdat] = parts as [Buffer, Buffer, Buffer]
  return { ftyp, moov, mdat }
}

/** An MP4 whose moov comes last, with `tail` as the last bytes of moov (so of the file). */
function mp4EndingWith(mp4: Buffer, tail: Buffer): Buffer {
  const { ftyp, moov, mdat } = mp4Parts(mp4)
  return Buffer.concat([ftyp, mdat, box('moov', moov.subarray(8), tail)])
}

/** No length in mvhd, and an empty `mehd` (no version, no length) as the file's last box. */
export const mp4WithEmptyMehdAtEnd = () =>
  mp4EndingWith(makeMp4({ durationSeconds: 0, withMetadata: false }), box('mvex', box('mehd')))

/** A dropped text track whose `stco` is empty (no version, no count) and the file's last box. */
export const mp4WithEmptyStcoAtEnd = () =>
  mp4EndingWith(
    makeMp4({ withMetadata: false }),
    box(
      'trak',
      box(
        'mdia',
        fullBox('hdlr', u32(0), Buffer.from('text', 'latin1'), Buffer.alloc(12)),
        box(
          'minf',
          box(
            'stbl',
            fullBox('stsd', u32(1), box('tx3g', Buffer.alloc(8))),
            fullBox('stsc', u32(1), u32(1), u32(1), u32(1)),
            fullBox('stsz', u32(1), u32(1)),
            box('stco'),
          ),
        ),
      ),
    ),
  )

/** `depth` `minf` boxes, each inside the last, in moov. */
export function nestedMinf(depth = 20_000): Buffer {
  let inner = box('free')
  for (let level = 0; level < depth; level += 1) inner = box('minf', inner)
  return inner
}

/** A valid MP4 with a nest of `minf` in moov (its chunk offsets are off by the nest's size). */
export const mp4WithNestedMinf = (depth = 20_000) => {
  const { ftyp, moov, mdat } = mp4Parts(makeMp4())
  return Buffer.concat([ftyp, box('moov', moov.subarray(8), nestedMinf(depth)), mdat])
}

/** A valid WebM followed by `count` 2-byte Void elements (0xEC, size 0). */
export function webmWithVoidFlood(count: number): Buffer {
  const voids = Buffer.alloc(count * 2)
  for (let at = 0; at < voids.length; at += 2) {
    voids[at] = 0xec
    voids[at + 1] = 0x80
  }
  return Buffer.concat([makeWebm({ unknownSizes: true }), voids])
}

/** PixelWidth 2^40. */
export const webmWithWidth2e40 = () => makeWebm({ widthBytes: Buffer.from([1, 0, 0, 0, 0, 0]) })
/** PixelWidth 2^64 − 1: more than a safe integer, more than a database integer. */
export const webmWithOverflowingWidth = () => makeWebm({ widthBytes: Buffer.alloc(8, 0xff) })
/** A PixelWidth of 10 bytes (an unsigned integer has at most 8). */
export const webmWithTenByteWidth = () =>
  makeWebm({ widthBytes: Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x80]) })
