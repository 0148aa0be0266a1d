/**
 * Runs the image shrinker (shrink.worker.ts) on a file, one worker per image, so a 20 MB
 * screenshot never holds up the page. Answers the file to send and what was done to it.
 */
import {
  HEADER_BYTES,
  SHRINK_LIMITS,
  formatMegabytes,
  headerSize,
  shrinkPlan,
} from './image-shrink'
import type { ShrinkAnswer, ShrinkRequest } from './shrink.worker'
import { SCREENS_COPY } from '../copy-screens'

export interface ShrinkResult {
  file: File
  /** "screenshot.png was 20.4 MB, sent at 3840×2160, 3.9 MB", or null when sent as it was. */
  note: string | null
}

const EXTENSION: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}

/**
 * `onShrinking` is called when the image will be worked on (over 5 MB, or sides past the
 * server's, or a header that did not say): the composer says "Making it smaller…".
 */
export async function shrinkImage(file: File, onShrinking?: () => void): Promise<ShrinkResult> {
  const size =
    file.type === 'image/gif' || file.size > SHRINK_LIMITS.bytes
      ? null
      : headerSize(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()))
  const plan = shrinkPlan(file, size)
  if (plan === 'send') return { file, note: null }
  if (plan === 'shrink') onShrinking?.()
  const worker = new Worker(new URL('./shrink.worker.ts', import.meta.url), { type: 'module' })
  try {
    const answer = await new Promise<ShrinkAnswer>((resolve) => {
      worker.onmessage = (event: MessageEvent<ShrinkAnswer>) => resolve(event.data)
      worker.onerror = () => resolve({ error: 'worker failed' })
      worker.postMessage({ file, type: file.type, limits: SHRINK_LIMITS } satisfies ShrinkRequest)
    })
    if ('error' in answer) throw new Error(SCREENS_COPY.attachments.cannotShrink(file.name))
    if ('keep' in answer) return { file, note: null }
    const base = file.name.replace(/\.[^.]*$/, '')
    const name = `${base}.${EXTENSION[answer.blob.type] ?? 'png'}`
    const sent = new File([answer.blob], name, { type: answer.blob.type })
    return {
      file: sent,
      // Over the bytes, it says the bytes it had; within them, the sides it had.
      note: SCREENS_COPY.attachments.shrunk(
        file.name,
        file.size > SHRINK_LIMITS.bytes || !size
          ? formatMegabytes(file.size)
          : `${size.width}×${size.height}`,
        `${answer.width}×${answer.height}`,
        formatMegabytes(sent.size),
      ),
    }
  } finally {
    worker.terminate()
  }
}
