/**
 * Where the stream bench (stream-scale.ts) runs its servers: one process on the generated SQLite
 * file, or three instances on a PostgreSQL copy of it with one Redis between them (cluster.ts,
 * `--instances 3`). With three, the streams are spread over the instances as a load balancer
 * would spread them and the posts go to the first, so every delivery but a third crosses Redis.
 */
import { join } from 'node:path'
import { DATABASE_FILE } from '../src/server/server'
import { prepareCluster } from './cluster'
import { preparePostgres } from './postgres'
import { memoryOf, startServerProcess } from './run-bench'

export interface StreamTarget {
  /** Each instance's address; the streams go to them in turn. */
  urls: string[]
  pids: number[]
  /** Each instance's `--metrics` listener (`/metrics`). */
  metricsUrls: string[]
  /** The folder whose `secret.key` signs the tokens. */
  secretDir: string
  stop(): Promise<void>
}

/** A free-looking port for a metrics listener, away from the usual ones (other benches run). */
const metricsPort = () => 20_000 + Math.floor(Math.random() * 30_000)

export async function startStreamTarget(options: {
  dataDir: string
  instances: 1 | 3
  args: string[]
  serverCli?: string
  nodeFlags: readonly string[]
}): Promise<StreamTarget> {
  const { dataDir, args, serverCli, nodeFlags } = options
  if (options.instances === 1) {
    const port = metricsPort()
    const { child, url } = await startServerProcess(
      dataDir,
      [...args, '--metrics', `127.0.0.1:${port}`],
      serverCli,
      nodeFlags,
    )
    return {
      urls: [url],
      pids: child.pid ? [child.pid] : [],
      metricsUrls: [`http://127.0.0.1:${port}/metrics`],
      secretDir: dataDir,
      stop: async () => {
        if (child.exitCode !== null) return
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      },
    }
  }
  const postgres = await preparePostgres(join(dataDir, DATABASE_FILE), undefined)
  const metricsUrls: string[] = []
  const urls: string[] = []
  try {
    const cluster = await prepareCluster(
      postgres.url,
      join(dataDir, 'cluster'),
      async (folder, clusterArgs) => {
        const port = metricsPort()
        const { child, url } = await startServerProcess(
          folder,
          [...clusterArgs, ...args, '--metrics', `127.0.0.1:${port}`],
          serverCli,
          nodeFlags,
        )
        urls.push(url)
        metricsUrls.push(`http://127.0.0.1:${port}/metrics`)
        return {
          url,
          ...(child.pid ? { pid: child.pid } : {}),
          readySeconds: 0,
          memory: () => (child.pid ? memoryOf(child.pid) : { rssMiB: null, peakRssMiB: null }),
          stop: async () => {
            if (child.exitCode !== null) return
            child.kill('SIGTERM')
            await new Promise((resolve) => child.once('exit', resolve))
          },
        }
      },
    )
    try {
      const running = await cluster.start()
      return {
        urls,
        pids: running.pids,
        metricsUrls,
        secretDir: cluster.dataDir,
        stop: async () => {
          await running.stop()
          await cluster.close()
          await postgres.drop()
        },
      }
    } catch (error) {
      await cluster.close()
      throw error
    }
  } catch (error) {
    await postgres.drop()
    throw error
  }
}
