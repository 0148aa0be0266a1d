/**
 * Clips are read off the server's main thread (issue 37): each upload's body is sent as it came
 * to a worker thread (clip-worker.ts), which takes the form apart (a 50 MB multipart body costs
 * seconds of parsing) and reads the clip with MediaInfo, under a heap cap and a time budget. A worker past
 * its budget is ended and one that runs out of heap dies; either way the clip is refused with
 * INVALID_CLIP ("could not be read within the time and memory a clip may take") and the next clip
 * gets a fresh worker. A few run at once and a few wait; past that, SERVER_BUSY at once (the same
 * bounded line as images, work-queue.ts). Idle workers stay for the next clip, without holding the
 * process open.
 *
 * The worker is `clip-worker.js` beside this module in a build (vite.server.config.ts and
 * electron.vite.config.ts make it an entry of its own), or the TypeScript source run through tsx
 * in development and tests.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { MESSAGES } from '../errors/messages'
import { CLIP_MESSAGES, ClipError, type CheckedClip, type ClipInfo } from './clip-containers'
import { serverBusy, WorkQueue } from './work-queue'

/** An upload's body sent to the worker (handed over, not copied) with what limits it. */
export interface ClipJob {
  id: number
  body: ArrayBuffer
  contentType: string
  /** The host's limit on the clip: a larger one is not read. */
  maxBytes: number
  /** A larger poster is ignored (the server makes a neutral one). */
  posterMaxBytes: number
}

/** The clip read, or the sentence that refuses it (null: the reader failed). */
export type ClipReading = { info: ClipInfo; bytes: ArrayBuffer } | { refusal: string | null }

/** The worker's answer: no file in the form, a file too large, or the clip read and its poster. */
export type ClipJobAnswer = { id: number } & (
  | { kind: 'missing' }
  | { kind: 'tooLarge'; fileSize: number }
  | {
      kind: 'read'
      fileSize: number
      poster: ArrayBuffer | null
      posterSize: number
      reading: ClipReading
    }
)

/** An upload taken apart and its clip checked (or refused: `clip` is then the ClipError). */
export type ClipUpload =
  | { kind: 'missing' }
  | { kind: 'tooLarge'; fileSize: number }
  | {
      kind: 'read'
      fileSize: number
      posterSize: number
      poster: Buffer | null
      clip: CheckedClip | ClipError
    }

/**
 * The worker's limits. The budget is generous for a real clip (MediaInfo reads a few chunks, the
 * walk is linear: a 500 MB clip takes well under a second) and short for a server to stall; the
 * heap is the worker's JavaScript heap (the clip's bytes and MediaInfo's WebAssembly memory are
 * outside it, bounded by the file's size and by what MediaInfo reads). Tests lower them.
 */
export const CLIP_CHECK_LIMITS = {
  budgetMs: 10_000,
  heapMb: 96,
}

/** Clips read at once (each on its own worker), and clips that may wait for a turn. */
export const CLIP_CHECKS_AT_ONCE = 2
export const clipChecks = new WorkQueue(CLIP_CHECKS_AT_ONCE, 4, () =>
  serverBusy(MESSAGES.clipQueueFull),
)

/**
 * The worker: the built JavaScript beside this module, else the TypeScript source loaded through
 * tsx's loader, registered in the worker itself (a worker does not inherit `--import tsx`).
 */
function workerSource(): { code: string | URL; eval: boolean } {
  const built = new URL('./clip-worker.js', import.meta.url)
  if (existsSync(fileURLToPath(built))) return { code: built, eval: false }
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs')
  const source = new URL('./clip-worker.ts', import.meta.url).href
  const code = `import(${JSON.stringify(pathToFileURL(tsx).href)})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}) })`
  return { code, eval: true }
}

const idle: Worker[] = []
let nextJob = 1

function startWorker(): Worker {
  const { code, eval: isSource } = workerSource()
  return new Worker(code, {
    eval: isSource,
    resourceLimits: {
      maxOldGenerationSizeMb: CLIP_CHECK_LIMITS.heapMb,
      maxYoungGenerationSizeMb: 16,
    },
    stdout: false,
    stderr: false,
  })
}

/**
 * Takes a clip upload's multipart body apart and checks its clip ("file"), on a worker. A worker
 * out of time or heap is the clip refused as unreadable; throws SERVER_BUSY when too many uploads
 * wait.
 */
export function readClipUpload(
  body: ArrayBuffer,
  contentType: string,
  limits: { maxBytes: number; posterMaxBytes: number },
): Promise<ClipUpload> {
  return clipChecks.run(() => onWorker(body, contentType, limits))
}

function onWorker(
  body: ArrayBuffer,
  contentType: string,
  limits: { maxBytes: number; posterMaxBytes: number },
): Promise<ClipUpload> {
  const worker = idle.pop() ?? startWorker()
  worker.ref()
  const id = nextJob++
  const bodySize = body.byteLength
  return new Promise<ClipUpload>((resolve) => {
    let done = false
    const finish = (keepWorker: boolean, outcome: () => void) => {
      if (done) return
      done = true
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('error', onDeath)
      worker.off('exit', onDeath)
      if (keepWorker && idle.length < CLIP_CHECKS_AT_ONCE) {
        worker.unref()
        idle.push(worker)
      } else {
        void worker.terminate()
      }
      outcome()
    }
    const onMessage = (answer: ClipJobAnswer) => {
      if (answer.id !== id) return
      finish(true, () => resolve(uploadOf(answer)))
    }
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY), a crash, or an exit: the clip could not be read
    // (its whole body counts as the upload's bytes).
    const unreadable = () =>
      resolve({
        kind: 'read',
        fileSize: bodySize,
        posterSize: 0,
        poster: null,
        clip: new ClipError(CLIP_MESSAGES.unreadable),
      })
    const onDeath = () => finish(false, unreadable)
    const timer = setTimeout(() => finish(false, unreadable), CLIP_CHECK_LIMITS.budgetMs)
    worker.on('message', onMessage)
    worker.on('error', onDeath)
    worker.on('exit', onDeath)
    const job: ClipJob = { id, body, contentType, ...limits }
    worker.postMessage(job, [body])
  })
}

function uploadOf(answer: ClipJobAnswer): ClipUpload {
  if (answer.kind !== 'read') return answer
  const { reading } = answer
  return {
    kind: 'read',
    fileSize: answer.fileSize,
    posterSize: answer.posterSize,
    poster: answer.poster ? Buffer.from(answer.poster) : null,
    clip:
      'info' in reading
        ? { info: reading.info, bytes: Buffer.from(reading.bytes) }
        : new ClipError(reading.refusal ?? CLIP_MESSAGES.unreadable),
  }
}

/** Ends the idle workers (a server that closes; tests). Busy ones end with their clip. */
export async function closeClipWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map((worker) => worker.terminate()))
}
