/**
 * The metrics' own listener (`--metrics <host:port>`): `GET /metrics` in Prometheus' text format,
 * nothing else. Apart from the app's so that the metrics are never on the community's address
 * (they name routes and counts, not people, but a host decides who scrapes them).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StartError } from '../start-error'
import { collectNodeMetrics, metricsRegistry } from './metrics'
import { watchWorkQueues } from './work-queues'

export interface MetricsListener {
  url: string
  close(): Promise<void>
}

export async function listenForMetrics(host: string, port: number): Promise<MetricsListener> {
  collectNodeMetrics()
  watchWorkQueues()
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n')
      return
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(text),
      (error: unknown) =>
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${String(error)}\n`),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new StartError(`--metrics cannot listen on ${host}:${port}: ${error.message}.`)),
    )
    server.listen(port, host, resolve)
  })
  const actual = (server.address() as AddressInfo).port
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
