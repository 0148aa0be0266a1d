/**
 * The `--s3-*` flags (storage/s3-options.ts checks them): the bucket that holds images and
 * clips instead of the data folder.
 */
import { StartError } from '../server'
import { checkS3Options, type S3StorageOptions } from '../storage/s3-options'

/** The S3 bucket the `--s3-*` flags name, checked (storage/s3.ts), or undefined without them. */
export function parseS3Flags(values: {
  's3-endpoint'?: string
  's3-bucket'?: string
  's3-region'?: string
}): S3StorageOptions | undefined {
  const endpoint = values['s3-endpoint']
  const bucket = values['s3-bucket']
  const region = values['s3-region']
  if (endpoint === undefined && bucket === undefined) {
    if (region !== undefined)
      throw new StartError('--s3-region goes with --s3-endpoint and --s3-bucket.')
    return undefined
  }
  if (endpoint === undefined || bucket === undefined) {
    throw new StartError(
      'Use --s3-endpoint and --s3-bucket together: the S3 server and its bucket.',
    )
  }
  if (region !== undefined && !/^[a-z0-9-]{1,64}$/.test(region)) {
    throw new StartError(`--s3-region takes a region name such as us-east-1, not "${region}".`)
  }
  const options: S3StorageOptions = { endpoint, bucket, ...(region ? { region } : {}) }
  try {
    checkS3Options(options)
  } catch (error) {
    throw new StartError((error as Error).message)
  }
  return options
}
