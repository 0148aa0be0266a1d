/// <reference lib="webworker" />
/**
 * Shrinks one image off the page's thread (lib/image-shrink.ts decides, this draws): decoded
 * with createImageBitmap, drawn on an OffscreenCanvas at high-quality smoothing, encoded with
 * convertToBlob until it fits. Answers `{ blob, width, height }`, `{ keep: true }` when the
 * image needs nothing, or `{ error }`.
 */
import { firstEncoding, needsShrink, nextEncoding, type ShrinkLimits } from './image-shrink'

export interface ShrinkRequest {
  file: Blob
  type: string
  limits: ShrinkLimits
}

export type ShrinkAnswer =
  | { keep: true; width: number; height: number }
  | { blob: Blob; width: number; height: number }
  | { error: string }

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async (event: MessageEvent<ShrinkRequest>) => {
  const { file, type, limits } = event.data
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
    const original = { width: bitmap.width, height: bitmap.height }
    if (!needsShrink({ type, size: file.size }, original, limits)) {
      bitmap.close()
      scope.postMessage({ keep: true, ...original } satisfies ShrinkAnswer)
      return
    }
    let encoding = firstEncoding(type, bitmap.width, bitmap.height, limits)
    for (let attempt = 0; ; attempt += 1) {
      const canvas = new OffscreenCanvas(encoding.width, encoding.height)
      const context = canvas.getContext('2d')
      if (!context) throw new Error('no canvas')
      context.imageSmoothingEnabled = true
      context.imageSmoothingQuality = 'high'
      context.drawImage(bitmap, 0, 0, encoding.width, encoding.height)
      const blob = await canvas.convertToBlob({ type: encoding.type, quality: encoding.quality })
      const next = nextEncoding(encoding, blob.size, attempt, limits)
      if (!next) {
        bitmap.close()
        if (blob.size > limits.bytes) {
          scope.postMessage({ error: 'too large' } satisfies ShrinkAnswer)
        } else {
          scope.postMessage({
            blob,
            width: encoding.width,
            height: encoding.height,
          } satisfies ShrinkAnswer)
        }
        return
      }
      encoding = next
    }
  } catch (error) {
    scope.postMessage({
      error: error instanceof Error ? error.message : 'unreadable',
    } satisfies ShrinkAnswer)
  }
}
