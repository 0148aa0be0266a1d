/**
 * A stream asked for on a kept-alive connection before the server saw the answer before it
 * finish. Node queues such an answer, with no socket until its turn comes; a browser does this
 * under load (it may send the next request as soon as it has read the last answer), and the
 * stream was then never answered: the app stayed "connecting" until its silence watchdog gave up.
 * Pipelining two requests in one write makes the queue certain.
 */
import { connect as connectTcp } from 'node:net'
import { afterEach } from 'vitest'
import type { SignupResponse } from '../../../src/shared/api-types'
import { startServer, type RunningServer } from '../../../src/server/server'
import { describe, expect, it } from '../../helpers/fixtures'

let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** Writes `requests` in one go on a new connection; resolves with what came back once `until`. */
function pipelined(port: number, requests: string[], until: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = ''
    const socket = connectTcp({ host: '127.0.0.1', port }, () => socket.write(requests.join('')))
    const giveUp = setTimeout(() => {
      socket.destroy()
      reject(new Error(`"${until}" never came; the connection carried:\n${received}`))
    }, 10_000)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString()
      if (!received.includes(until)) return
      clearTimeout(giveUp)
      socket.destroy()
      resolve(received)
    })
    socket.once('error', reject)
  })
}

describe('a stream queued behind another answer on its connection', () => {
  it('is answered, with its ready, once the answer before it is sent', async ({ tempDir }) => {
    server = await startServer({ host: '127.0.0.1', port: 0, dataDir: tempDir, demo: false })
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'keptalive', password: 'correct horse battery' }),
    })
    const { encodedToken } = (await signup.json()) as SignupResponse
    const host = `Host: 127.0.0.1:${server.port}`
    const login = JSON.stringify({ username: 'keptalive', password: 'correct horse battery' })

    const received = await pipelined(
      server.port,
      [
        // A login takes a password hash's time: the stream's request is read and handled meanwhile.
        `POST /api/auth/login HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${login.length}\r\n\r\n${login}`,
        `GET /api/events HTTP/1.1\r\n${host}\r\nAuthorization: ${encodedToken}\r\n\r\n`,
      ],
      'event: ready',
    )

    // Two answers, in the order asked: the login's, then the stream's.
    const heads = [...received.matchAll(/HTTP\/1\.1 (\d+)[^\r]*\r\n((?:[^\r]+\r\n)*)\r\n/g)]
    expect(heads.map((head) => head[1])).toEqual(['200', '200'])
    expect(heads[0]?.[2]).toMatch(/content-type: application\/json/i)
    expect(heads[1]?.[2]).toMatch(/content-type: text\/event-stream/i)
    // The connection is gone: so is its stream.
    await expect.poll(() => server?.events.clientCount).toBe(0)
  })
})
