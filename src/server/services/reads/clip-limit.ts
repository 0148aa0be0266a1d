/**
 * The host's clip size limit as the composer and the upload check read it (docs/API.md "Clips in
 * posts"); a host sets it through ../media/post-clips.ts setClipMaxBytes.
 */
import type { ClipLimitResponse } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { CLIP_MAX_BYTES_KEY, CLIP_BYTES } from '../media/post-clips'
import { getSetting } from './settings'

/** The host's limit on a clip's size, in bytes (CLIP_BYTES.default unless the host set one). */
export async function getClipMaxBytes(db: Store): Promise<number> {
  const value = Number(await getSetting(db, CLIP_MAX_BYTES_KEY))
  return Number.isInteger(value) && value >= CLIP_BYTES.min && value <= CLIP_BYTES.max
    ? value
    : CLIP_BYTES.default
}

/** The host's limit and its bounds, as `GET /moderation/clip-limit` answers them. */
export async function getClipLimit(db: Store): Promise<ClipLimitResponse> {
  return {
    maxBytes: await getClipMaxBytes(db),
    minBytes: CLIP_BYTES.min,
    limitBytes: CLIP_BYTES.max,
  }
}
