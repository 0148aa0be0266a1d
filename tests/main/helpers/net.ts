/** Ports, temp folders and HTTP calls for the main-process tests, which use real servers. */
import { request as httpsRequest } from 'node:https'
import { createServer, type AddressInfo, type Server } from 'node:net'

async function canListen(port: number, host: string): Promise<boolean> {
  const server = createServer()
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, host, () => resolve(true))
  })
  if (listening) await new Promise<void>((resolve) => server.close(() => resolve()))
  return listening
}

/**
 * A port that was free a moment ago on every interface. It is picked at random below Linux's
 * ephemeral range (32768 and up), where the `listen(0)` of other tests running in parallel
 * never lands, so nothing else takes it between this check and its use.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000)
    if ((await canListen(port, '0.0.0.0')) && (await canListen(port, '127.0.0.1'))) return port
  }
  throw new Error('no free port found')
}

/** Another program holding a port: a bare TCP server on `host:port` (0 picks one). */
export async function holdPort(host: string, port = 0): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => socket.destroy())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return { port: (server.address() as AddressInfo).port, server }
}

export const closeNet = (server: Server) =>
  new Promise<void>((resolve) => server.close(() => resolve()))

export { removeTempDirs, tempDir } from './temp-dirs'

/** GET `url` without keeping the connection open, so closed servers refuse the next call. */
export function get(url: string, token?: string): Promise<Response> {
  const headers: Record<string, string> = { connection: 'close' }
  if (token) headers.authorization = token
  return fetch(url, { headers, signal: AbortSignal.timeout(2000) })
}

/** The status of GET `<origin>/api/health`, or the error's cause code when nothing answers. */
export async function health(origin: string): Promise<number | string> {
  try {
    return (await get(`${origin}/api/health`)).status
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause
    return cause?.code ?? (error as Error).name
  }
}

/** Signs up a fresh user on `origin` and answers its token. */
export async function signUp(origin: string, username: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', connection: 'close' },
    body: JSON.stringify({ username, password: 'correct-horse-9' }),
  })
  if (response.status !== 201)
    throw new Error(`signup: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { encodedToken: string }).encodedToken
}

/**
 * The status of GET `<origin>/api/health` over HTTPS, trusting only the certificate `pinned`
 * (PEM): the way a friend's app that pinned it gets through, whatever name the address has. Or
 * the error's code when nothing answers, or when another certificate does.
 */
export function pinnedHealth(origin: string, pinned: string | Buffer): Promise<number | string> {
  const url = new URL(origin)
  return new Promise((resolve) => {
    const request = httpsRequest(
      {
        host: url.hostname,
        port: Number(url.port),
        path: '/api/health',
        agent: false,
        ca: pinned,
        // The pin is the certificate itself; the names in it are not what is checked.
        checkServerIdentity: () => undefined,
        timeout: 2000,
        headers: { connection: 'close' },
      },
      (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      },
    )
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    )
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.name))
    request.end()
  })
}
