/**
 * The bench's three-instance target: three server processes on 127.0.0.2–4, on one
 * PostgreSQL database holding the generated rows, one Redis and one token secret, behind the
 * loopback proxy the cluster test uses. The endpoints are loaded through the proxy, which spreads
 * requests over the instances as nginx would; the CPU time per request is the three processes'.
 * Images stay in the database (one bucket more would measure S3, not the server).
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startOwnRedis } from '../tests/helpers/redis'
import { startRoundRobinProxy } from '../tests/helpers/round-robin-proxy'
import { SECRET_FILE } from '../src/server/server'

export const CLUSTER_HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'] as const

/** One server process as the bench starts it (run-bench.ts `startServerProcess`). */
export interface StartedProcess {
  url: string
  pid?: number
  readySeconds: number
  memory(): { rssMiB: number | null; peakRssMiB: number | null }
  stop(): Promise<void>
}

export interface ClusterTarget {
  /** The data folder whose secret.key is the cluster's shared secret (the stream bench signs). */
  dataDir: string
  start(): Promise<StartedProcess & { pids: number[] }>
  close(): Promise<void>
}

/**
 * Prepares the cluster around a PostgreSQL database that already holds the rows: a Redis and the
 * shared secret. `startOne(dataDir, args)` starts one server process.
 */
export async function prepareCluster(
  databaseUrl: string,
  dataDir: string,
  startOne: (dataDir: string, args: string[]) => Promise<StartedProcess>,
  { sticky = false }: { sticky?: boolean } = {},
): Promise<ClusterTarget> {
  const redis = await startOwnRedis()
  mkdirSync(dataDir, { recursive: true })
  // Text, so that no byte of it is taken for a line ending (cli.ts `loadSharedSecret`).
  const secret = randomBytes(32).toString('hex')
  const secretFile = join(dataDir, 'cluster.key')
  writeFileSync(secretFile, secret, { mode: 0o600 })
  writeFileSync(join(dataDir, SECRET_FILE), secret, { mode: 0o600 })
  return {
    dataDir,
    start: async () => {
      const started = performance.now()
      const instances: StartedProcess[] = []
      try {
        // One at a time: the first brings the schema up to date, the others find it ready.
        for (const [index, host] of CLUSTER_HOSTS.entries()) {
          const folder = join(dataDir, `instance-${index}`)
          mkdirSync(folder, { recursive: true })
          instances.push(
            await startOne(folder, [
              ...['--host', host, '--no-demo', '--database', databaseUrl],
              ...['--redis', redis.url, '--secret-file', secretFile, '--trust-proxy', '127.0.0.1'],
            ]),
          )
        }
      } catch (error) {
        for (const instance of instances) await instance.stop()
        throw error
      }
      const proxy = await startRoundRobinProxy(
        instances.map(({ url }) => {
          const { hostname, port } = new URL(url)
          return { host: hostname, port: Number(port) }
        }),
        sticky ? { affinity: (incoming) => incoming.headers.authorization ?? '' } : {},
      )
      const sum = (values: (number | null)[]) =>
        values.some((value) => value === null)
          ? null
          : values.reduce<number>((total, value) => total + (value ?? 0), 0)
      return {
        url: proxy.url,
        pids: instances.flatMap((instance) => (instance.pid ? [instance.pid] : [])),
        readySeconds: (performance.now() - started) / 1000,
        memory: () => {
          const each = instances.map((instance) => instance.memory())
          return {
            rssMiB: sum(each.map((memory) => memory.rssMiB)),
            peakRssMiB: sum(each.map((memory) => memory.peakRssMiB)),
          }
        },
        stop: async () => {
          await proxy.close()
          for (const instance of instances) await instance.stop()
        },
      }
    },
    close: () => redis.stop(),
  }
}
