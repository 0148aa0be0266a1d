/**
 * The image queue (src/server/services/media/uploaded-images.ts): one image job at a time, a bounded
 * line, and password hashing never waiting behind it. What the queue does for a login's speed is
 * measured by `npm run bench` (docs/PERFORMANCE.md), never timed here.
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { vi } from 'vitest'
import { MAX_CONCURRENT_HASHES } from '../../../../src/server/auth/password'
import { MESSAGES } from '../../../../src/server/errors/messages'
import { processAvatar } from '../../../../src/server/services/media/media'
import { DEMO_ACCOUNT } from '../../../../src/server/services/writes/seed'
import {
  IMAGE_JOBS_AT_ONCE,
  LIBUV_DEFAULT_THREADS,
  imageJobs,
} from '../../../../src/server/services/media/uploaded-images'
import { TINY_PNG, UPLOAD_ROUTES, expectError, seededToken, upload } from '../../../helpers/api'
import { describe, expect, it } from '../../../helpers/fixtures'

/** A job that holds the queue until `release()`: a promise, no thread. */
function heldJob() {
  let release = () => {}
  const job = imageJobs.run(() => new Promise<void>((resolve) => (release = resolve)))
  return { job, release: () => release() }
}

/**
 * A job that holds one thread of libuv's pool, as decoding an image does, until released:
 * opening a FIFO for reading blocks the pool thread that opens it until a writer comes.
 */
function threadHoldingJob(folder: string, name: string) {
  const fifo = join(folder, name)
  execFileSync('mkfifo', [fifo])
  let started = false
  const job = imageJobs.run(() => {
    started = true
    return readFile(fifo)
  })
  return {
    job,
    release: async () => {
      // Only a started job has a reader; writing before it would block this test's own thread.
      await vi.waitFor(() => expect(started).toBe(true))
      writeFileSync(fifo, 'done')
      await job
    },
  }
}

describe('the image queue', () => {
  it('leaves libuv’s pool a thread beside image jobs and password hashes', () => {
    expect(IMAGE_JOBS_AT_ONCE).toBe(1)
    expect(imageJobs.concurrency).toBe(IMAGE_JOBS_AT_ONCE)
    expect(IMAGE_JOBS_AT_ONCE + MAX_CONCURRENT_HASHES).toBeLessThan(LIBUV_DEFAULT_THREADS)
  })

  it('never runs more than one image job at once', async () => {
    let running = 0
    let most = 0
    const jobs = Array.from({ length: 6 }, () =>
      imageJobs.run(async () => {
        running += 1
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running -= 1
      }),
    )
    expect(imageJobs.waiting).toBe(5)
    await Promise.all(jobs)
    expect(most).toBe(1)
    expect([imageJobs.running, imageJobs.waiting]).toEqual([0, 0])
  })

  it.for(UPLOAD_ROUTES)('queues uploads to %s behind a running job', async (route, { app }) => {
    const { token } = await seededToken()
    const holder = heldJob()
    let answered = 0
    const uploads = Array.from({ length: 3 }, () =>
      upload(app, TINY_PNG, { token, route }).then((response) => {
        answered += 1
        return response.status
      }),
    )
    await vi.waitFor(() => expect(imageJobs.waiting).toBe(3))
    expect(answered).toBe(0)
    holder.release()
    expect(await Promise.all(uploads)).toEqual([201, 201, 201])
  })

  it.for(UPLOAD_ROUTES)(
    'answers 503 with Retry-After at %s once the line is full, and works again after',
    async (route, { app }) => {
      const { token } = await seededToken()
      const bound = imageJobs.maxWaiting
      imageJobs.maxWaiting = 1
      const holder = heldJob()
      try {
        const waiting = upload(app, TINY_PNG, { token, route })
        await vi.waitFor(() => expect(imageJobs.waiting).toBe(1))
        const busy = await upload(app, TINY_PNG, { token, route })
        expect(busy.headers.get('Retry-After')).toBe('5')
        await expectError(busy, 503, MESSAGES.imageQueueFull, 'SERVER_BUSY')
        holder.release()
        expect((await waiting).status).toBe(201)
      } finally {
        holder.release()
        imageJobs.maxWaiting = bound
      }
      expect((await upload(app, TINY_PNG, { token, route })).status).toBe(201)
    },
  )

  it.skipIf(process.platform === 'win32')(
    'hashes a login’s password while four image jobs hold or wait for libuv threads',
    async ({ app, tempDir }) => {
      // Without a queue of their own, four images at once held all four threads of the pool, and a
      // login's hash waited for one. Here four jobs that each hold a thread until released are
      // queued: one runs, three wait. Were they all running, this login could never finish.
      const holders = ['a', 'b', 'c', 'd'].map((name) => threadHoldingJob(tempDir, name))
      try {
        expect([imageJobs.running, imageJobs.waiting]).toEqual([1, 3])
        const login = await app.send('/api/auth/login', DEMO_ACCOUNT)
        expect(login.status).toBe(200)
        // The hash ran and finished while the image jobs still held their place.
        expect([imageJobs.running, imageJobs.waiting]).toEqual([1, 3])
      } finally {
        for (const holder of holders) await holder.release()
      }
      expect([imageJobs.running, imageJobs.waiting]).toEqual([0, 0])
    },
  )

  it('refuses what is not an image before it takes a place in the line', async () => {
    const holder = heldJob()
    try {
      await expect(processAvatar(Buffer.from('<svg/>'))).rejects.toMatchObject({
        message: MESSAGES.notAnImage,
      })
      expect(imageJobs.waiting).toBe(0)
    } finally {
      holder.release()
    }
  })
})
