/**
 * What makes a post acceptable, with the sentences that refuse it: one home for rules the
 * request schema (schemas.ts), the server's commands and the composer all apply. Each sentence
 * is made from the number it states (LIMITS), so a changed limit cannot leave a stale message.
 */
import { IMAGE_LIMITS, LIMITS } from './limits'

export const POST_RULE_MESSAGES = {
  empty: 'A post cannot be empty.',
  tooLong: `A post can be at most ${LIMITS.postMax} characters.`,
  tooManyImages: `A post can have at most ${LIMITS.postImagesMax} images.`,
  tooManyAttachments: `A post can have at most ${LIMITS.postImagesMax} images or clips.`,
  pollWithImages: 'A post can have a poll or images, not both.',
} as const

/** The sentences for an image past IMAGE_LIMITS, made from its numbers. */
export const IMAGE_LIMIT_MESSAGES = {
  tooManyPixels: `The image has too many pixels (at most ${IMAGE_LIMITS.maxPixels / 1_000_000} megapixels, all frames of an animation together).`,
  sideTooLong: `The image is too wide or too tall (at most ${IMAGE_LIMITS.maxSide} pixels a side).`,
  tooThin: `The image is too long and thin (one side at most ${IMAGE_LIMITS.maxAspectRatio} times the other).`,
  tooManyFrames: `The animation has too many frames (at most ${IMAGE_LIMITS.maxFrames}).`,
} as const

/** A post needs text (after trimming) or at least one attachment. */
export function isEmptyPost(content: string, attachments: number): boolean {
  return content.trim().length === 0 && attachments === 0
}

/** A poll and images (or clips) never share a post. */
export function mixesPollAndImages(hasPoll: boolean, attachments: number): boolean {
  return hasPoll && attachments > 0
}
