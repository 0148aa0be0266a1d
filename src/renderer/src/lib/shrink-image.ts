/**
 * Runs the image shrinker (shrink.worker.ts) on a file, one worker per image, so a 20 MB
 * screenshot never holds up the page. Answers the file to send and what was done to it.
 */
import { COPY } from '../copy'
import { SHRINK_LIMITS, formatMegabytes } from './image-shrink'
import type { ShrinkAnswer, ShrinkRequest } from './shrink.worker'

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

export async function shrinkImage(file: File): Promise<ShrinkResult> {
  if (file.type === 'image/gif' || file.size <= SHRINK_LIMITS.bytes) return { file, note: null }
  const worker = new Worker(new URL('./shrink.worker.ts', import.meta.url), { type: 'module' })
  try {
    const answer = await new Promise<ShrinkAnswer>((resolve) => {
      worker.onmessage = (event: MessageEvent<ShrinkAnswer>) => resolve(event.data)
      worker.onerror = () => resolve({ error: 'worker failed' })
      worker.postMessage({ file, type: file.type, limits: SHRINK_LIMITS } satisfies ShrinkRequest)
    })
    if ('error' in answer) throw new Error(COPY.attachments.cannotShrink(file.name))
    if ('keep' in answer) return { file, note: null }
    const base = file.name.replace(/\.[^.]*$/, '')
    const name = `${base}.${EXTENSION[answer.blob.type] ?? 'png'}`
    const sent = new File([answer.blob], name, { type: answer.blob.type })
    return {
      file: sent,
      note: COPY.attachments.shrunk(
        file.name,
        formatMegabytes(file.size),
        `${answer.width}×${answer.height}`,
        formatMegabytes(sent.size),
      ),
    }
  } finally {
    worker.terminate()
  }
}
