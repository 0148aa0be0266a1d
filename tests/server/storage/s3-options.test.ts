/** The `--s3-*` flags of `npm run serve` (src/server/cli.ts): checked before anything connects. */
import { parseCliArgs, type CliOptions } from '../../../src/server/cli'
import { describe, expect, it } from '../../helpers/fixtures'

const parsed = (args: string[]) => parseCliArgs(args) as CliOptions

describe('the S3 options', () => {
  it('are unset by default: images stay in the database', () => {
    expect(parsed([]).s3).toBeUndefined()
  })

  it('name an endpoint, a bucket and an optional region', () => {
    const args = ['--s3-endpoint', 'http://127.0.0.1:9000', '--s3-bucket', 'gamerstage']
    expect(parsed(args).s3).toEqual({ endpoint: 'http://127.0.0.1:9000', bucket: 'gamerstage' })
    expect(parsed([...args, '--s3-region', 'eu-west-3']).s3?.region).toBe('eu-west-3')
  })

  it.for([
    [['--s3-bucket', 'gamerstage'], 'Use --s3-endpoint and --s3-bucket together'],
    [['--s3-endpoint', 'http://127.0.0.1:9000'], 'Use --s3-endpoint and --s3-bucket together'],
    [['--s3-region', 'us-east-1'], '--s3-region goes with --s3-endpoint and --s3-bucket.'],
    [['--s3-endpoint', '127.0.0.1:9000', '--s3-bucket', 'gamerstage'], 'must be an'],
    [['--s3-endpoint', 'ftp://127.0.0.1', '--s3-bucket', 'gamerstage'], 'http:// or https://'],
    [['--s3-endpoint', 'http://k:secret@127.0.0.1', '--s3-bucket', 'gamerstage'], 'must not hold'],
    [['--s3-endpoint', 'http://127.0.0.1:9000/gamerstage', '--s3-bucket', 'b1b'], 'no path'],
    [['--s3-endpoint', 'http://127.0.0.1:9000', '--s3-bucket', 'Game_Stage'], 'not an S3 bucket'],
  ] as const)('refuses %j with a sentence', ([args, message]) => {
    expect(() => parseCliArgs([...args])).toThrow(message)
  })

  it('never echoes a secret in an endpoint', () => {
    const args = ['--s3-endpoint', 'http://k:hunter2@127.0.0.1', '--s3-bucket', 'gamerstage']
    expect(() => parseCliArgs(args)).toThrow(/^(?!.*hunter2)/)
  })
})
