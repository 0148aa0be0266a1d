/**
 * A TCP proxy on loopback between one server instance and Redis, to cut that instance off from
 * Redis while the others keep it (a network partition), and to let its connections back one
 * kind at a time: those named (CLIENT SETNAME, redis/connection.ts) in `holdBack` wait longer,
 * so a test can have, say, the live reader back before the connection its checks go on. It can
 * also drop Redis's answers, so that a command is done but its connection never hears of it.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net'

export interface RedisPartition {
  /** `redis://127.0.0.1:<port>`: give it to the instance instead of Redis's own address. */
  url: string
  /** Cuts every connection through it; new ones are cut at once until `heal`. */
  cut(): void
  /** Lets connections through again; those named in `holdBack` only after `holdMs` more. */
  heal(options?: { holdBack?: string[]; holdMs?: number }): void
  /**
   * Drops Redis's answers to the connections named so from now on (until `heal`), while their
   * commands still reach it: what a connection that dies between a command and its answer looks
   * like.
   */
  dropAnswers(names: string[]): void
  close(): Promise<void>
}

/** The name a connection gives itself in its first bytes (`CLIENT SETNAME <name>`), if any. */
function connectionName(firstBytes: Buffer): string | null {
  return /setname\r\n\$\d+\r\n([^\r]+)\r\n/i.exec(firstBytes.toString('latin1'))?.[1] ?? null
}

export async function startRedisPartition(redisPort: number): Promise<RedisPartition> {
  const sockets = new Set<Socket>()
  let cutOff = false
  let answersDropped = new Set<string>()
  let holdBack = new Set<string>()
  let holdUntil = 0

  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }

  const server: Server = createServer((client) => {
    track(client)
    if (cutOff) {
      client.destroy()
      return
    }
    client.pause()
    client.once('data', (first: Buffer) => {
      client.pause()
      const name = connectionName(first)
      const wait = name && holdBack.has(name) ? Math.max(0, holdUntil - Date.now()) : 0
      setTimeout(() => {
        if (cutOff || client.destroyed) {
          client.destroy()
          return
        }
        const upstream = createConnection({ host: '127.0.0.1', port: redisPort })
        track(upstream)
        upstream.once('connect', () => {
          upstream.write(first)
          client.pipe(upstream)
          upstream.on('data', (answer: Buffer) => {
            if (!name || !answersDropped.has(name)) client.write(answer)
          })
          client.resume()
        })
        upstream.on('close', () => client.destroy())
        client.on('close', () => upstream.destroy())
      }, wait)
    })
    client.resume()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || !address) throw new Error('The proxy has no port')

  return {
    url: `redis://127.0.0.1:${address.port}`,
    cut: () => {
      cutOff = true
      for (const socket of sockets) socket.destroy()
    },
    heal: ({ holdBack: names = [], holdMs = 0 } = {}) => {
      holdBack = new Set(names)
      holdUntil = Date.now() + holdMs
      cutOff = false
      answersDropped = new Set()
    },
    dropAnswers: (names) => {
      answersDropped = new Set(names)
    },
    close: async () => {
      cutOff = true
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
