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
 * This module holds the walk's shared limits; mp4-structure.ts (`stripMp4`) and
 * webm-structure.ts (`stripWebm`) walk each format.
 */
import { CLIP_MESSAGES, ClipError } from './clip-containers'

/** Boxes or elements walked at most: far more than a 60-second clip has (a block a frame). */
export const CLIP_MAX_PARTS = 100_000
/** MP4 nesting followed at most (moov/trak/mdia/minf/stbl/stsd is 6). */
export const MP4_MAX_DEPTH = 8

export const fail = (message: string): never => {
  throw new ClipError(message)
}

/** Counts the parts walked; past CLIP_MAX_PARTS the file is refused. */
export class PartBudget {
  private used = 0
  take(): void {
    this.used += 1
    if (this.used > CLIP_MAX_PARTS) fail(CLIP_MESSAGES.tooManyParts)
  }
}
