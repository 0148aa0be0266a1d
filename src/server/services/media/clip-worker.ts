/**
 * The clip worker (clip-checks.ts starts it): receives each upload's multipart body as it arrives,
 * takes it apart and reads its clip with clip-reader.ts, then answers what it is, or the sentence
 * that refuses it. It runs on its own thread, under a heap cap and a time budget the server enforces by ending it: a clip
 * built to be slow or large stalls this thread, never the server's.
 */
import { parentPort } from 'node:worker_threads'
import { CLIP_WORKER_READY, ClipError } from './clip-containers'
import { readClip, warmUp } from './clip-reader'
import type { ClipJob, ClipJobAnswer, ClipReading } from './clip-checks'

const port = parentPort
if (!port) throw new Error('clip-worker.ts runs as a worker thread (clip-checks.ts)')

// Ready once MediaInfo is compiled: the server's time budget counts from here (clip-checks.ts).
void warmUp().then(() => port.postMessage(CLIP_WORKER_READY))

type Upload = Extract<ClipJob, { kind: 'start' }> & { chunks: Uint8Array[] }
/** The uploads being received (one at a time: clip-checks.ts sends one job to a worker). */
const uploads = new Map<number, Upload>()

port.on('message', (job: ClipJob) => {
  if (job.kind === 'start') uploads.set(job.id, { ...job, chunks: [] })
  else if (job.kind === 'chunk') uploads.get(job.id)?.chunks.push(new Uint8Array(job.chunk))
  else if (job.kind === 'abort') uploads.delete(job.id)
  else {
    const upload = uploads.get(job.id)
    uploads.delete(job.id)
    if (upload) {
      void answer(upload).then(({ answer, transfer }) => port.postMessage(answer, transfer))
    }
  }
})

async function answer(job: Upload): Promise<{ answer: ClipJobAnswer; transfer: ArrayBuffer[] }> {
  const { id } = job
  let form: FormData
  try {
    const headers = { 'content-type': job.contentType }
    form = await new Response(new Blob(job.chunks), { headers }).formData()
  } catch {
    return { answer: { id, kind: 'missing' }, transfer: [] }
  }
  const file = form.get('file')
  if (!(file instanceof Blob)) return { answer: { id, kind: 'missing' }, transfer: [] }
  if (file.size > job.maxBytes) {
    return { answer: { id, kind: 'tooLarge', fileSize: file.size }, transfer: [] }
  }
  const posterField = form.get('poster')
  const poster =
    posterField instanceof Blob && posterField.size <= job.posterMaxBytes
      ? await posterField.arrayBuffer()
      : null
  let reading: ClipReading
  const transfer: ArrayBuffer[] = poster ? [poster] : []
  try {
    const { info, bytes } = await readClip(new Uint8Array(await file.arrayBuffer()))
    // readClip's own copy, the whole of its ArrayBuffer: handed over, not copied again.
    const out = bytes.buffer as ArrayBuffer
    reading = { info, bytes: out }
    transfer.push(out)
  } catch (error) {
    // A refusal is a sentence for the uploader; anything else (the reader's own failure on a
    // damaged file) is the same refusal as a file that cannot be read.
    reading = { refusal: error instanceof ClipError ? error.message : null }
  }
  const posterSize = poster?.byteLength ?? 0
  return {
    answer: { id, kind: 'read', fileSize: file.size, poster, posterSize, reading },
    transfer,
  }
}
