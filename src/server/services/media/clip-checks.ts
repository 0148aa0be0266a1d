/**
 * Clips are read off the server's main thread, so that a hostile clip cannot freeze the others:
 * each upload's body is sent as it came to a worker thread (clip-worker.ts), which takes the form
 * apart (a 50 MB multipart body costs seconds of parsing) and reads the clip with MediaInfo, under
 * a heap cap and a time budget. A worker past its budget is ended and one that runs out of heap
 * dies; either way the clip is refused with INVALID_CLIP ("could not be read within the time and
 * memory a clip may take") and the next clip gets a fresh worker. A few run at once and a few wait;
 * past that, SERVER_BUSY at once (the same bounded line as images, work-queue.ts). Idle workers
 * stay for the next clip, without holding the process open.
 *
 * The worker is `clip-worker.js` beside this module in a build (vite.server.config.ts and
 * electron.vite.config.ts make it an entry of its own), or the TypeScript source run through tsx
 * in development and tests.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { MESSAGES } from '../../errors/messages'
import {
  CLIP_MESSAGES,
  CLIP_WORKER_READY,
  ClipError,
  type CheckedClip,
  type ClipInfo,
} from './clip-containers'
import { serverBusy, WorkQueue } from '../../queues/work-queue'

/**
 * What the worker is sent for one upload: its start (what limits it), its body chunk by chunk as
 * it arrives (each handed over, not copied: the main thread never holds the whole body), then its
 * end, or an abort when the body could not be read.
 */
export type ClipJob = { id: number } & (
  | {
      kind: 'start'
      contentType: string
      /** The host's limit on the clip: a larger one is not read. */
      maxBytes: number
      /** A larger poster is ignored (the server makes a neutral one). */
      posterMaxBytes: number
    }
  | { kind: 'chunk'; chunk: ArrayBuffer }
  | { kind: 'end' }
  | { kind: 'abort' }
)

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
  /** How long a new worker may take to load and compile MediaInfo before it is given up. */
  startMs: 60_000,
  heapMb: 96,
}

/**
 * Clips read at once, each on its own worker, which receives its body as it arrives: as many as
 * clip uploads run at once (post-clips.ts, clipUploads), so a slow sender holds only its own.
 */
export const CLIP_CHECKS_AT_ONCE = 2
export const clipChecks = new WorkQueue(CLIP_CHECKS_AT_ONCE, 4, () =>
  serverBusy(MESSAGES.clipQueueFull),
)

/**
 * The worker: the built JavaScript beside this module, else the TypeScript source loaded through
 * tsx's loader, registered in the worker itself (a worker does not inherit `--import tsx`).
 */
function workerSource(): { code: string | URL; eval: boolean } {
  // In the packaged desktop app the worker and its chunks run from outside the asar archive
  // (electron-builder.yml unpacks them): a worker thread does not read inside one.
  const built = fileURLToPath(new URL('./clip-worker.js', import.meta.url)).replace(
    /([\\/])app\.asar([\\/])/,
    '$1app.asar.unpacked$2',
  )
  if (existsSync(built)) return { code: built, eval: false }
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs')
  const source = new URL('./clip-worker.ts', import.meta.url).href
  const code = `import(${JSON.stringify(pathToFileURL(tsx).href)})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}) })`
  return { code, eval: true }
}

/** A started worker, and when it is ready (or gone). */
interface ClipWorker {
  worker: Worker
  ready: Promise<void>
}

const idle: ClipWorker[] = []
let nextJob = 1

function startWorker(): ClipWorker {
  const { code, eval: isSource } = workerSource()
  const worker = new Worker(code, {
    eval: isSource,
    resourceLimits: {
      maxOldGenerationSizeMb: CLIP_CHECK_LIMITS.heapMb,
      maxYoungGenerationSizeMb: 16,
    },
    stdout: false,
    stderr: false,
  })
  const ready = new Promise<void>((resolve) => {
    const onReady = (message: unknown) => {
      if (message !== CLIP_WORKER_READY) return
      worker.off('message', onReady)
      resolve()
    }
    worker.on('message', onReady)
    // A worker that dies while starting is ready for nothing: its job ends with it.
    worker.once('exit', () => resolve())
    worker.once('error', () => resolve())
  })
  return { worker, ready }
}

/**
 * Takes a clip upload's multipart body apart and checks its clip ("file"), on a worker, the body
 * passed on as it arrives. A worker out of time (counted from the body's end, once the worker is
 * ready) or heap is the clip refused as unreadable; an error reading the body is thrown as it is;
 * SERVER_BUSY when too many uploads wait.
 */
export function readClipUpload(
  body: AsyncIterable<Uint8Array>,
  contentType: string,
  limits: { maxBytes: number; posterMaxBytes: number },
): Promise<ClipUpload> {
  return clipChecks.run(() => onWorker(body, contentType, limits))
}

async function onWorker(
  body: AsyncIterable<Uint8Array>,
  contentType: string,
  limits: { maxBytes: number; posterMaxBytes: number },
): Promise<ClipUpload> {
  const { worker, ready } = idle.pop() ?? startWorker()
  worker.ref()
  const id = nextJob++
  let bodySize = 0
  let done = false
  let timer: NodeJS.Timeout | undefined
  let settle: (upload: ClipUpload) => void = () => undefined
  const answered = new Promise<ClipUpload>((resolve) => (settle = resolve))
  const finish = (keepWorker: boolean, upload: ClipUpload | null) => {
    if (done) return
    done = true
    clearTimeout(timer)
    worker.off('message', onMessage)
    worker.off('error', onDeath)
    worker.off('exit', onDeath)
    if (keepWorker && idle.length < CLIP_CHECKS_AT_ONCE) {
      worker.unref()
      idle.push({ worker, ready })
    } else {
      void worker.terminate()
    }
    if (upload) settle(upload)
  }
  const onMessage = (answer: ClipJobAnswer) => {
    if (answer.id === id) finish(true, uploadOf(answer))
  }
  // Out of heap (ERR_WORKER_OUT_OF_MEMORY), a crash, an exit or past its budget: the clip could
  // not be read (its whole body counts as the upload's bytes).
  const unreadable = (): ClipUpload => ({
    kind: 'read',
    fileSize: bodySize,
    posterSize: 0,
    poster: null,
    clip: new ClipError(CLIP_MESSAGES.unreadable),
  })
  const onDeath = () => finish(false, unreadable())
  worker.on('message', onMessage)
  worker.on('error', onDeath)
  worker.on('exit', onDeath)
  const send = (job: ClipJob, transfer: ArrayBuffer[] = []) => {
    if (!done) worker.postMessage(job, transfer)
  }

  send({ id, kind: 'start', contentType, ...limits })
  try {
    for await (const chunk of body) {
      if (done) break
      // A copy of its own, handed over: a chunk may be a view of memory shared with others (a
      // Buffer's slice of Node's pool), which must not be sent away.
      const copy = new Uint8Array(chunk).buffer
      bodySize += copy.byteLength
      send({ id, kind: 'chunk', chunk: copy }, [copy])
    }
  } catch (error) {
    send({ id, kind: 'abort' })
    finish(true, null)
    throw error
  }
  send({ id, kind: 'end' })
  // The budget is the reading's: a worker still starting (a busy machine) is not held to it,
  // but one that never starts is ended too.
  const starting = setTimeout(() => finish(false, unreadable()), CLIP_CHECK_LIMITS.startMs)
  await Promise.race([ready, answered])
  clearTimeout(starting)
  if (!done) timer = setTimeout(() => finish(false, unreadable()), CLIP_CHECK_LIMITS.budgetMs)
  return answered
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
  await Promise.all(idle.splice(0).map(({ worker }) => worker.terminate()))
}
