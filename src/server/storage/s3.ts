/**
 * Images in an S3-compatible bucket (`npm run serve -- --s3-endpoint … --s3-bucket …`), for a
 * cluster whose instances share it: MinIO, Garage, Ceph, AWS itself. Loaded only when a bucket is
 * configured (server.ts imports it on demand): the desktop app never needs the S3 client.
 *
 * Each image is the object `media/<id>`, written with path-style requests
 * (`<endpoint>/<bucket>/media/<id>`), which every S3-compatible server takes, unlike bucket names
 * in the host name. A failure to reach or use the bucket is a StorageUnavailableError naming
 * where and why in one line (never a key); the routes answer it 503.
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { StorageUnavailableError, type MediaStorage } from './media-storage'
import { checkS3Options, type S3StorageOptions } from './s3-options'

export type { S3StorageOptions } from './s3-options'

/** Objects live under this prefix, so a bucket may hold other things the sweep never lists. */
export const MEDIA_KEY_PREFIX = 'media/'
const keyOf = (id: string) => `${MEDIA_KEY_PREFIX}${id}`

/**
 * Time to open a connection and to get an answer. Without them an S3 server that drops packets
 * would hold an upload, or the sweep, for as long as the operating system waits.
 */
const CONNECTION_TIMEOUT_MS = 5_000
const REQUEST_TIMEOUT_MS = 30_000

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000

/** host:port of the endpoint, for messages. */
function hostOf(endpoint: string): string {
  const url = new URL(endpoint)
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`
}

/** Why a request failed, in a few words: a network error's, or S3's own code and sentence. */
export function s3Reason(error: unknown): string {
  let failure = error as Error & { code?: string; errors?: unknown[] }
  // A refused connection to a name with several addresses comes as an AggregateError.
  const inner = failure.errors?.[0] as (Error & { code?: string }) | undefined
  if (!failure.code && inner?.code) failure = inner
  const network: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ENOTFOUND: 'unknown host',
    EAI_AGAIN: 'the host name could not be looked up',
    ETIMEDOUT: 'no answer in time',
    EPIPE: 'the connection was closed',
  }
  if (failure.code && network[failure.code]) return network[failure.code] as string
  if (failure.name === 'TimeoutError') return 'no answer in time'
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode
    if (error.name === 'NotFound' || error.name === 'NoSuchBucket') return 'no such bucket'
    if (status === 403) return `access denied (${error.name}): check the access key and secret`
    const sentence = error.message && error.message !== 'UnknownError' ? `: ${error.message}` : ''
    return `${error.name}${status ? ` (HTTP ${status})` : ''}${sentence}`.split('\n')[0] as string
  }
  return (failure.message || String(error)).split('\n')[0] as string
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound') &&
  error.$metadata.httpStatusCode === 404

/** Credentials from the options, else the usual environment variables; never a lookup elsewhere. */
function credentialsOf(options: S3StorageOptions, env: NodeJS.ProcessEnv) {
  const accessKeyId = options.accessKeyId ?? env.AWS_ACCESS_KEY_ID
  const secretAccessKey = options.secretAccessKey ?? env.AWS_SECRET_ACCESS_KEY
  const sessionToken = options.sessionToken ?? env.AWS_SESSION_TOKEN
  // Given explicitly: the SDK's own chain would go on to ~/.aws and to the cloud's metadata
  // address, which a self-hosted server has no business calling.
  if (!accessKeyId || !secretAccessKey) {
    throw new StorageUnavailableError(
      'S3 needs an access key: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.',
    )
  }
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
}

/**
 * Opens the bucket and checks that it can be used (HeadBucket): a StorageUnavailableError says
 * why not, in one line.
 */
export async function openS3Storage(
  options: S3StorageOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<MediaStorage> {
  checkS3Options(options)
  const { bucket } = options
  const description = `the S3 bucket "${bucket}" at ${hostOf(options.endpoint)}`
  const client = new S3Client({
    endpoint: options.endpoint,
    forcePathStyle: true,
    region: options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    credentials: credentialsOf(options, env),
    // Checksums only where S3 requires them: the newer default (CRC32 in trailers of chunked
    // uploads) is refused by several S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
    },
  })
  const unavailable = (doing: string, error: unknown) =>
    new StorageUnavailableError(`Cannot ${doing} ${description}: ${s3Reason(error)}.`)

  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }))
  } catch (error) {
    client.destroy()
    throw unavailable('use', error)
  }

  return {
    kind: 's3',
    description,
    put: async (id, bytes, contentType) => {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: keyOf(id),
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
          }),
        )
      } catch (error) {
        throw unavailable('write an image to', error)
      }
      return null
    },
    get: async (id, range) => {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: keyOf(id),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        if (!object.Body) return null
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: object.ContentLength ?? 0,
        }
      } catch (error) {
        if (isMissing(error)) return null
        throw unavailable('read an image from', error)
      }
    },
    head: async (id) => {
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(id) }))
        return { size: object.ContentLength ?? 0, lastModified: object.LastModified ?? new Date(0) }
      } catch (error) {
        if (isMissing(error)) return null
        throw unavailable('read an image from', error)
      }
    },
    delete: async (ids) => {
      for (let start = 0; start < ids.length; start += DELETE_BATCH) {
        const batch = ids.slice(start, start + DELETE_BATCH)
        let failed: string | undefined
        try {
          const answer = await client.send(
            new DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: batch.map((id) => ({ Key: keyOf(id) })), Quiet: true },
            }),
          )
          const [first] = answer.Errors ?? []
          if (first) failed = `${first.Code ?? 'error'}: ${first.Message ?? first.Key ?? ''}`
        } catch (error) {
          throw unavailable('delete images from', error)
        }
        if (failed) {
          throw new StorageUnavailableError(`Cannot delete images from ${description}: ${failed}.`)
        }
      }
    },
    list: async function* (before) {
      let token: string | undefined
      do {
        let page
        try {
          page = await client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              Prefix: MEDIA_KEY_PREFIX,
              ContinuationToken: token,
            }),
          )
        } catch (error) {
          throw unavailable('list the images of', error)
        }
        const ids = (page.Contents ?? [])
          .filter((object) => object.Key && object.LastModified && object.LastModified < before)
          .map((object) => (object.Key as string).slice(MEDIA_KEY_PREFIX.length))
        if (ids.length > 0) yield ids
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },
    close: () => client.destroy(),
  }
}
