/** Redis addresses (`--redis`), apart from the client, so that reading options loads no ioredis. */

/** True for the addresses `--redis` takes: `redis://…` or `rediss://…` (TLS). */
export const isRedisUrl = (url: string) => /^rediss?:\/\/\S*$/i.test(url)

/** Where a `redis://` address points, for messages: host:port, never the password. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname || 'localhost'}:${parsed.port || '6379'}`
  } catch {
    return 'the address given'
  }
}
