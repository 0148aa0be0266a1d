/**
 * A fuzzed corpus of clips (fast-check), seeded from the valid test videos (videos.ts): cut
 * short, bits flipped, counts and sizes made huge, slices repeated, ranges nested in more boxes
 * or elements. For tests/server/hardening/clip-fuzz.test.ts and its soak run.
 */
import fc from 'fast-check'
import { makeMp4, makeWebm } from './videos'

export const CLIP_SEEDS: { name: string; bytes: Buffer; type: string }[] = [
  { name: 'mp4', bytes: makeMp4(), type: 'video/mp4' },
  { name: 'mp4 + text', bytes: makeMp4({ metadataTrackText: 'GPS 1 2' }), type: 'video/mp4' },
  { name: 'webm', bytes: makeWebm(), type: 'video/webm' },
  {
    name: 'recording',
    bytes: makeWebm({ unknownSizes: true, durationSeconds: null }),
    type: 'video/webm',
  },
]

/** The boxes whose counts and sizes an attacker sets: each found by its name in the file. */
const COUNTED = ['stsz', 'stco', 'stsc', 'stts', 'stsd', 'mvhd', 'mehd', 'tkhd', 'trak', 'moov']
/** 4-byte values that break a reader that trusts them. */
const HUGE = [0xffffffff, 0x7fffffff, 0x80000000, 0, 1, 0xfffffff8]

type Mutation = (bytes: Buffer) => Buffer

const at = (fraction: number, bytes: Buffer) => Math.floor(fraction * bytes.length)

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // Cut short.
  fc.double({ min: 0, max: 1, noNaN: true }).map((f) => (b: Buffer) => b.subarray(0, at(f, b))),
  // A bit flipped.
  fc
    .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 7 }))
    .map(([f, bit]) => (b: Buffer) => {
      const out = Buffer.from(b)
      const i = Math.min(at(f, b), b.length - 1)
      if (i >= 0) out[i] = (out[i] ?? 0) ^ (1 << bit)
      return out
    }),
  // A huge (or empty) 4-byte field anywhere.
  fc
    .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...HUGE))
    .map(([f, value]) => (b: Buffer) => {
      const out = Buffer.from(b)
      const i = Math.min(at(f, b), b.length - 4)
      if (i >= 0) out.writeUInt32BE(value, i)
      return out
    }),
  // A box's size, or a count after its header, made huge: in the nth box of that name.
  fc
    .tuple(
      fc.constantFrom(...COUNTED),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: -4, max: 16 }),
      fc.constantFrom(...HUGE),
    )
    .map(([type, nth, offset, value]) => (b: Buffer) => {
      const out = Buffer.from(b)
      let found = -1
      for (let n = 0; n <= nth; n += 1) {
        const next = b.indexOf(type, found + 1, 'latin1')
        if (next < 0) break
        found = next
      }
      const i = found + (offset < 0 ? -4 : 4 + offset)
      if (found >= 0 && i >= 0 && i + 4 <= out.length) out.writeUInt32BE(value, i)
      return out
    }),
  // A nest of boxes as moov's last child, many deep (moov's size grows to hold it).
  fc
    .tuple(
      fc.constantFrom('trak', 'minf', 'mdia', 'udta', 'edts'),
      fc.integer({ min: 1, max: 20_000 }),
    )
    .map(([type, depth]) => (b: Buffer) => {
      const moov = b.indexOf('moov', 0, 'latin1') - 4
      if (moov < 0 || b[0] === 0x1a) return b
      const size = b.readUInt32BE(moov)
      if (size < 8 || moov + size > b.length) return b
      // Written in one buffer, outermost box first, each holding the ones after it: built box
      // by box around the last, 20,000 levels copied gigabytes (most of the soak run's time).
      const nest = Buffer.alloc(8 * depth)
      for (let level = 0; level < depth; level += 1) {
        nest.writeUInt32BE(8 * (depth - level), 8 * level)
        nest.write(type, 8 * level + 4, 'latin1')
      }
      const head = Buffer.from(b.subarray(moov, moov + 8))
      head.writeUInt32BE(size + nest.length)
      return Buffer.concat([
        b.subarray(0, moov),
        head,
        b.subarray(moov + 8, moov + size),
        nest,
        b.subarray(moov + size),
      ])
    }),
  // A slice repeated in place.
  fc
    .tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer({ min: 1, max: 200 }),
      fc.integer({ min: 1, max: 50 }),
    )
    .map(([f, length, times]) => (b: Buffer) => {
      const start = at(f, b)
      const slice = b.subarray(start, start + length)
      return Buffer.concat([b.subarray(0, start), ...Array(times).fill(slice), b.subarray(start)])
    }),
  // A range nested in boxes (MP4) or in master elements of unknown size (WebM), many deep.
  fc
    .tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom('moov', 'trak', 'minf', 'udta', 'meta'),
      fc.integer({ min: 1, max: 20_000 }),
    )
    .map(([f, type, depth]) => (b: Buffer) => {
      const start = at(f, b)
      let inner = b.subarray(start)
      const ebml = b[0] === 0x1a
      const heads: Buffer[] = []
      for (let level = 0; level < depth; level += 1) {
        if (ebml)
          heads.push(
            Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
          )
        else {
          const head = Buffer.alloc(8)
          head.writeUInt32BE(8 * (depth - level) + inner.length)
          head.write(type, 4, 'latin1')
          heads.push(head)
        }
      }
      inner = Buffer.concat([...heads, inner])
      return Buffer.concat([b.subarray(0, start), inner])
    }),
)

/** A seed and one to three mutations of it. */
export const mutatedClip = fc
  .tuple(fc.constantFrom(...CLIP_SEEDS), fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([seed, mutations]) => ({
    seed: seed.name,
    type: seed.type,
    bytes: mutations.reduce((bytes, mutate) => mutate(bytes), seed.bytes),
  }))
