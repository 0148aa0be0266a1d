/**
 * Clips are read off the server's main thread (issue 37): each is sent to a worker thread
 * (clip-worker.ts, which reads it with MediaInfo) with a heap cap and a time budget. A worker past
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

/** A clip sent to the worker; its bytes are handed over (transferred), not copied. */
export interface ClipJob {
  id: number
  bytes: ArrayBuffer
}

/** The worker's answer: the clip read, or the sentence that refuses it (null: unreadable). */
export type ClipJobAnswer =
  { id: number; info: ClipInfo; bytes: ArrayBuffer } | { id: number; refusal: string | null }

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
 * Checks a clip on a worker: what it is, and its bytes without metadata (the same length).
 * Throws ClipError with one of CLIP_MESSAGES, or SERVER_BUSY when too many clips wait.
 */
export function checkClip(input: Uint8Array): Promise<CheckedClip> {
  return clipChecks.run(() => checkOnWorker(input))
}

function checkOnWorker(input: Uint8Array): Promise<CheckedClip> {
  const worker = idle.pop() ?? startWorker()
  worker.ref()
  const id = nextJob++
  // The worker's own copy, handed over: the caller keeps its bytes.
  const bytes = new Uint8Array(input).buffer
  return new Promise<CheckedClip>((resolve, reject) => {
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
    const unreadable = () => reject(new ClipError(CLIP_MESSAGES.unreadable))
    const onMessage = (answer: ClipJobAnswer) => {
      if (answer.id !== id) return
      if ('info' in answer) {
        const checked = { info: answer.info, bytes: Buffer.from(answer.bytes) }
        finish(true, () => resolve(checked))
      } else {
        const refusal = answer.refusal
        finish(true, () => (refusal === null ? unreadable() : reject(new ClipError(refusal))))
      }
    }
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY), a crash, or an exit: the clip could not be read.
    const onDeath = () => finish(false, unreadable)
    const timer = setTimeout(() => finish(false, unreadable), CLIP_CHECK_LIMITS.budgetMs)
    worker.on('message', onMessage)
    worker.on('error', onDeath)
    worker.on('exit', onDeath)
    worker.postMessage({ id, bytes } satisfies ClipJob, [bytes])
  })
}

/** Ends the idle workers (a server that closes; tests). Busy ones end with their clip. */
export async function closeClipWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map((worker) => worker.terminate()))
}
