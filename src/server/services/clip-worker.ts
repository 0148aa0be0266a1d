/**
 * The clip worker (clip-checks.ts starts it): reads each clip it is sent with clip-reader.ts and
 * answers what it is, or the sentence that refuses it. It runs on its own thread, under a heap cap
 * and a time budget the server enforces by ending it: a clip built to be slow or large stalls this
 * thread, never the server's.
 */
import { parentPort } from 'node:worker_threads'
import { ClipError } from './clip-containers'
import { readClip } from './clip-reader'
import type { ClipJob, ClipJobAnswer } from './clip-checks'

const port = parentPort
if (!port) throw new Error('clip-worker.ts runs as a worker thread (clip-checks.ts)')

port.on('message', (job: ClipJob) => {
  void readClip(new Uint8Array(job.bytes)).then(
    ({ info, bytes }) => {
      // readClip's own copy, the whole of its ArrayBuffer: handed over, not copied again.
      const out = bytes.buffer as ArrayBuffer
      const answer: ClipJobAnswer = { id: job.id, info, bytes: out }
      port.postMessage(answer, [out])
    },
    (error: unknown) => {
      // A refusal is a sentence for the uploader; anything else (the reader's own failure on a
      // damaged file) is the same refusal as a file that cannot be read.
      const answer: ClipJobAnswer = {
        id: job.id,
        refusal: error instanceof ClipError ? error.message : null,
      }
      port.postMessage(answer)
    },
  )
})
