/**
 * A real S3-compatible server for the tests of images in a bucket (src/server/storage/s3.ts):
 * s3rver, in the test worker's own process, on 127.0.0.1 and a free port, its objects in a
 * temporary folder removed when it stops. No mock: the server speaks S3's HTTP API, signatures
 * checked, to the same client the server uses.
 */
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { S3StorageOptions } from '../../src/server/storage/s3'

/** s3rver's own key pair: it checks every request's signature against it. */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface TestS3Server {
  /** e.g. `http://127.0.0.1:40123`. */
  endpoint: string
  port: number
  /** A new, empty bucket on it, and the options a server takes to use it. */
  newBucket(): Promise<S3StorageOptions>
  /** The keys in a bucket, read with a client of its own. */
  keys(bucket: string): Promise<string[]>
  /** Stops the server, keeping its objects: `start` brings it back on the same port. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops it and removes its folder. */
  close(): Promise<void>
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'gamerstage-s3-'))
  let port = 0
  let server: S3rver | null = null
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true })
    port = (await server.run()).port
  }
  const stop = async () => {
    await server?.close()
    server = null
  }
  await start()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_KEY,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  })
  return {
    endpoint,
    port,
    newBucket: async () => {
      const bucket = `test-${randomBytes(6).toString('hex')}`
      await client.send(new CreateBucketCommand({ Bucket: bucket }))
      return { endpoint, bucket, ...S3RVER_KEY }
    },
    keys: async (bucket) => {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
      return (answer.Contents ?? []).map((object) => object.Key ?? '').sort()
    },
    stop,
    start,
    close: async () => {
      client.destroy()
      await stop()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
