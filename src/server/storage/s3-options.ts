/**
 * The options of an S3 bucket for images (storage/s3.ts) and their check, apart from the S3
 * client itself: the command line checks them without loading it.
 */
import { StorageUnavailableError } from './media-storage'

/** What a server needs to use a bucket. Unset credentials and region come from the environment. */
export interface S3StorageOptions {
  /** The server's address, `http://host:port` or `https://host[:port]` (`--s3-endpoint`). */
  endpoint: string
  /** The bucket, which must exist (`--s3-bucket`). */
  bucket: string
  /** `--s3-region`, else AWS_REGION, else AWS_DEFAULT_REGION, else us-east-1. */
  region?: string
  /** Else AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN, if set). */
  accessKeyId?: string
  secretAccessKey?: string
  sessionToken?: string
}

/** S3's rule for bucket names (path-style requests would take more, AWS no longer does). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

/** Checks the options before anything connects; throws a one-line message on bad input. */
export function checkS3Options(options: S3StorageOptions): void {
  let url: URL
  try {
    url = new URL(options.endpoint)
  } catch {
    throw new StorageUnavailableError(
      `The S3 endpoint must be an address such as http://127.0.0.1:9000, not "${options.endpoint}".`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new StorageUnavailableError(
      `The S3 endpoint must be an http:// or https:// address, not "${options.endpoint}".`,
    )
  }
  if (url.username || url.password) {
    // Not echoed: it holds a secret.
    throw new StorageUnavailableError(
      'The S3 endpoint must not hold credentials: give them in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.',
    )
  }
  if (url.pathname !== '/' || url.search) {
    throw new StorageUnavailableError(
      `The S3 endpoint is the server's address alone (no path), such as ${url.origin}; the bucket is --s3-bucket.`,
    )
  }
  if (!BUCKET_NAME.test(options.bucket) || options.bucket.includes('..')) {
    throw new StorageUnavailableError(
      `"${options.bucket}" is not an S3 bucket name: 3 to 63 lower-case letters, digits, dots and hyphens.`,
    )
  }
}
