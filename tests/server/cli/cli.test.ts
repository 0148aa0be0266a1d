import { readFileSync } from 'node:fs'
import { spawn, type ChildProcess } from 'node:child_process'
import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach } from 'vitest'
import { parseCliArgs, passwordCostFromEnv } from '../../../src/server/cli'
import { FAST_PASSWORDS_ENV, TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { defaultDataDir } from '../../../src/server/data/data-dir'
import { StartError } from '../../../src/server/server'
import { SERVER_CLI, SERVER_NODE_FLAGS } from '../../../scripts/build-stamp'
import { describe, expect, it } from '../../helpers/fixtures'

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = SERVER_CLI

const children: ChildProcess[] = []
const blockers: Server[] = []
const sockets: Socket[] = []

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const blocker of blockers.splice(0)) await new Promise((resolve) => blocker.close(resolve))
})

interface Run {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<number | null>
}

function runCli(args: string[]): Run {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, stdout: () => stdout, stderr: () => stderr, exit }
}

async function waitFor<T>(probe: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Asserts the call throws a StartError whose message is one line matching `pattern`. */
function expectStartError(args: string[], pattern: RegExp) {
  let error: unknown
  try {
    parseCliArgs(args)
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(StartError)
  expect((error as Error).message).toMatch(pattern)
  expect((error as Error).message).not.toContain('\n')
}

describe('cli', () => {
  describe('passwordCostFromEnv', () => {
    it('hashes at the real cost unless the environment explicitly asks for the test cost', () => {
      expect(passwordCostFromEnv({})).toBeUndefined()
      expect(passwordCostFromEnv({ [FAST_PASSWORDS_ENV]: '' })).toBeUndefined()
      expect(passwordCostFromEnv({ [FAST_PASSWORDS_ENV]: '1' })).toEqual(TEST_SCRYPT_PARAMS)
    })

    it.each(['0', 'true', 'yes'])('refuses %j rather than guess', (value) => {
      expect(() => passwordCostFromEnv({ [FAST_PASSWORDS_ENV]: value })).toThrow(
        new StartError(`${FAST_PASSWORDS_ENV} is for tests: set it to 1, or leave it unset.`),
      )
    })
  })

  describe('parseCliArgs', () => {
    it.each([
      [[], { port: 4567, host: '127.0.0.1', dataDir: defaultDataDir(), demo: true }],
      [['--no-demo'], { port: 4567, host: '127.0.0.1', demo: false }],
      [['--port', '0'], { port: 0 }],
      [['--port', '8080'], { port: 8080 }],
      [['--port=65535'], { port: 65535 }],
      [['--host', '0.0.0.0'], { host: '0.0.0.0' }],
      [['--data', '/tmp/somewhere'], { dataDir: '/tmp/somewhere' }],
      [
        ['--port', '1234', '--host', '::1', '--data', 'rel/dir', '--no-demo'],
        { port: 1234, host: '::1', dataDir: 'rel/dir', demo: false },
      ],
      [[], { allowedHosts: [], limits: {} }],
      [
        ['--allow-host', 'party-box.lan', '--allow-host', '10.0.0.5'],
        { allowedHosts: ['party-box.lan', '10.0.0.5'] },
      ],
      [
        ['--limit-posts', '10', '--limit-signups', '0', '--limit-upload-mb', '50'],
        { limits: { postsPerHour: 10, signupsPerHour: 0, uploadMegabytesPerHour: 50 } },
      ],
      [['--limit-logins', '7'], { limits: { loginsPerMinute: 7 } }],
      [
        ['--limit-logins', '0', '--limit-posts', '1'],
        { limits: { loginsPerMinute: 0, postsPerHour: 1 } },
      ],
      [
        ['--limit-comments=1', '--limit-reactions=2', '--limit-follows=3', '--limit-uploads=4'],
        {
          limits: { commentsPerHour: 1, reactionsPerHour: 2, followsPerHour: 3, uploadsPerHour: 4 },
        },
      ],
      [['--no-rate-limits', '--limit-posts', '5'], { limits: false }],
      [[], { connectionLimits: {}, events: {} }],
      [
        ['--headers-timeout', '3', '--request-timeout', '30', '--keep-alive-timeout', '2'],
        {
          connectionLimits: {
            headersTimeoutMs: 3000,
            requestTimeoutMs: 30_000,
            keepAliveTimeoutMs: 2000,
          },
        },
      ],
      [
        ['--max-connections', '100', '--max-streams', '10'],
        { connectionLimits: { maxConnections: 100 }, events: { maxStreams: 10 } },
      ],
      // A lower connection cap alone brings the streams' cap down to half of it.
      [['--max-connections', '100'], { events: { maxStreams: 50 } }],
      // ...and the per-address cap, so that one computer cannot take them all.
      [['--max-connections', '100'], { connectionLimits: { maxConnectionsPerAddress: 50 } }],
      [
        ['--max-connections-per-address', '40', '--first-byte-timeout', '2'],
        { connectionLimits: { maxConnectionsPerAddress: 40, firstByteTimeoutMs: 2000 } },
      ],
      [['--limit-whole-lists', '1'], { limits: { wholeListsAtOnce: 1 } }],
      [[], { trustedProxies: [], tls: undefined }],
      [
        ['--trust-proxy', '127.0.0.1', '--trust-proxy', '10.0.0.2, ::1'],
        { trustedProxies: ['127.0.0.1', '10.0.0.2', '::1'] },
      ],
    ])('parses %j', (args, expected) => {
      expect(parseCliArgs(args)).toMatchObject(expected)
    })

    it('takes the per-address cap and the first-byte timeout from the environment too', () => {
      const env = {
        GAMERSTAGE_MAX_CONNECTIONS_PER_ADDRESS: '64',
        GAMERSTAGE_FIRST_BYTE_TIMEOUT: '3',
      }
      expect(parseCliArgs([], env)).toMatchObject({
        connectionLimits: { maxConnectionsPerAddress: 64, firstByteTimeoutMs: 3000 },
      })
      // The flag wins over the variable.
      expect(parseCliArgs(['--max-connections-per-address', '10'], env)).toMatchObject({
        connectionLimits: { maxConnectionsPerAddress: 10 },
      })
      expect(() => parseCliArgs([], { GAMERSTAGE_MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(
        /^GAMERSTAGE_MAX_CONNECTIONS_PER_ADDRESS \(--max-connections-per-address\) must be a whole number from 1 up, not "many"\.$/,
      )
    })

    it.each([[['--help']], [['-h']], [['--port', '1', '--help']]])(
      'answers help for %j',
      (args) => {
        expect(parseCliArgs(args)).toBe('help')
      },
    )

    it.each([
      [['--port', 'abc'], /^--port must be a whole number from 0 to 65535, not "abc"\.$/],
      [['--port', '70000'], /^--port must be a whole number from 0 to 65535, not "70000"\.$/],
      [['--port=-1'], /not "-1"/],
      [['--port', '80.5'], /not "80\.5"/],
      [['--port', ''], /not ""/],
      [['--port', '0x10'], /not "0x10"/],
      [['--port', '-1'], /^Option '--port' argument is ambiguous.*Run with --help/],
      [['--backup', 'a.db', '--restore', 'b.db'], /^Use --backup or --restore, not both\.$/],
      [['--verbose'], /--verbose.*Run with --help for the options\.$/],
      [['--port'], /--port.*Run with --help/],
      [['serve'], /serve.*Run with --help/],
      [
        ['--limit-posts', 'many'],
        /^--limit-posts must be a whole number \(0 turns it off\), not "many"\.$/,
      ],
      [['--limit-posts', '-3'], /--limit-posts.*Run with --help|not "-3"/],
      [['--limit-uploads', '1.5'], /not "1\.5"/],
      [['--allow-host', 'evil.example/path'], /^--allow-host takes a host name or address/],
      [['--allow-host', ''], /^--allow-host takes a host name or address/],
      [['--admin', 'bo ss'], /^--admin takes a username: .* \("bo ss"\)$/],
      [['--admin', 'home'], /^--admin takes a username: That username is reserved/],
      [
        ['--headers-timeout', '0'],
        /^--headers-timeout must be a whole number from 1 up, not "0"\.$/,
      ],
      [['--max-connections', '1.5'], /^--max-connections must be a whole number from 1 up/],
      [['--max-streams', 'lots'], /^--max-streams must be a whole number from 1 up/],
      [
        ['--headers-timeout', '30', '--request-timeout', '20'],
        /^--headers-timeout must not be longer than --request-timeout\.$/,
      ],
      [
        ['--max-connections', '100', '--max-streams', '100'],
        /^--max-streams must be below --max-connections, so that pages still load/,
      ],
      [
        ['--max-connections', '100', '--max-connections-per-address', '100'],
        /^--max-connections-per-address must be below --max-connections, so that one address cannot hold every connection\.$/,
      ],
      [
        ['--first-byte-timeout', '20'],
        /^--first-byte-timeout must not be longer than --headers-timeout\.$/,
      ],
      [
        ['--max-connections-per-address', '0'],
        /^--max-connections-per-address must be a whole number from 1 up, not "0"\.$/,
      ],
      [
        ['--trust-proxy', 'proxy.lan'],
        /^--trust-proxy takes a proxy's IP address \(e\.g\. 127\.0\.0\.1\), not "proxy\.lan"\.$/,
      ],
      [['--trust-proxy', '127.0.0.1,'], /^--trust-proxy takes a proxy's IP address .*not ""\.$/],
      [['--trust-proxy', '10.0.0.0/8'], /not "10\.0\.0\.0\/8"/],
      [
        ['--tls-cert', 'cert.pem'],
        /^Use --tls-cert and --tls-key together: the certificate and its key\.$/,
      ],
      [['--tls-key', 'key.pem'], /^Use --tls-cert and --tls-key together/],
      [
        ['--tls-cert', '/nonexistent/cert.pem', '--tls-key', '/nonexistent/key.pem'],
        /^Cannot read --tls-cert \/nonexistent\/cert\.pem: no such file\.$/,
      ],
      [
        ['--tls-cert', 'c.pem', '--tls-key', 'k.pem', '--plain-http', '--host', '0.0.0.0'],
        /^Use --tls-cert or --plain-http, not both\.$/,
      ],
    ])('refuses %j with a one-line StartError', (args, pattern) => {
      expectStartError(args, pattern)
    })
  })

  it('is started by npm run serve with the server’s Node flags (scripts/build-stamp.ts)', () => {
    const scripts = (
      JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
        scripts: Record<string, string>
      }
    ).scripts
    expect(scripts.serve).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} out/server/cli.js`)
  })

  describe('the serve command', () => {
    it('starts, answers /api/health at the URL it prints, and exits 0 on SIGTERM', async ({
      tempDir,
    }) => {
      const run = runCli(['--port', '0', '--data', join(tempDir, 'data'), '--no-demo'])
      const url = await waitFor(
        () => /(http:\/\/127\.0\.0\.1:\d+)/.exec(run.stdout())?.[1],
        `the URL in stdout (stderr: ${run.stderr()})`,
      )
      const response = await fetch(`${url}/api/health`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: 'ok' })
      const meta = (await (await fetch(`${url}/api/meta`)).json()) as { demoAccount: unknown }
      expect(meta.demoAccount).toBeNull()
      // Request lines are written in batches (observability/log-output.ts), yet
      // soon after on a quiet server, not only when it stops.
      await waitFor(
        () => /INFO: request\n(?: {4}.*\n)*? {4}route: "\/api\/meta"\n/.exec(run.stdout()),
        `the request's line in stdout (so far: ${run.stdout()})`,
      )

      run.child.kill('SIGTERM')
      expect(await run.exit).toBe(0)
      expect(run.stderr()).toBe('')
    })

    it('exits 1 with one "gamerstage: " line and no stack trace when the port is taken', async ({
      tempDir,
    }) => {
      const blocker = createServer()
      blockers.push(blocker)
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
      const port = (blocker.address() as { port: number }).port

      const run = runCli(['--port', String(port), '--data', join(tempDir, 'data'), '--no-demo'])
      expect(await run.exit).toBe(1)
      const lines = run.stderr().trimEnd().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toBe(
        `gamerstage: Port ${port} is already in use on 127.0.0.1. Choose another port.`,
      )
      expect(run.stderr()).not.toContain('    at ')
    })

    it('cuts a client that trickles its headers after --headers-timeout', async ({ tempDir }) => {
      const run = runCli([
        ...['--port', '0', '--data', join(tempDir, 'data'), '--no-demo'],
        ...['--headers-timeout', '1', '--request-timeout', '2'],
      ])
      const url = await waitFor(
        () => /(http:\/\/127\.0\.0\.1:\d+)/.exec(run.stdout())?.[1],
        `the URL in stdout (stderr: ${run.stderr()})`,
      )
      const socket = connectTcp({ host: '127.0.0.1', port: Number(new URL(url).port) })
      sockets.push(socket)
      socket.on('error', () => undefined)
      let closed = false
      socket.once('close', () => (closed = true))
      socket.write(`GET /api/health HTTP/1.1\r\nHost: ${new URL(url).host}\r\n`)
      // A header line every 200 ms, never the end of them, until the server hangs up (bounded).
      for (let line = 0; !closed && line < 50; line += 1) {
        socket.write(`X-Trickle-${line}: still here\r\n`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      expect(closed).toBe(true)
    })

    it('makes the --admin account with a one-time password, so a stranger cannot be BOSS', async ({
      tempDir,
    }) => {
      const dataDir = join(tempDir, 'data')
      const first = runCli(['--port', '0', '--data', dataDir, '--no-demo', '--admin', 'boss'])
      const [, password] = await waitFor(
        () =>
          /Host: boss \(created account boss with one-time password (\S+):/.exec(first.stdout()) ??
          undefined,
        `the host line in stdout (stderr: ${first.stderr()})`,
      )
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(first.stdout())?.[1]
      const signup = await fetch(`${url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'BOSS', password: 'the stranger is here' }),
      })
      expect(signup.status).toBe(422)
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'BOSS', password }),
      })
      expect(login.status).toBe(200)
      first.child.kill('SIGTERM')
      expect(await first.exit).toBe(0)

      // Started again, it finds the account (whatever the case) and shows no password.
      const again = runCli(['--port', '0', '--data', dataDir, '--admin', 'BOSS'])
      await waitFor(
        () => (again.stdout().includes('Host: boss (existing account)') ? true : undefined),
        `the host line in stdout (stderr: ${again.stderr()})`,
      )
      expect(again.stdout()).not.toContain('password')
    })

    it('exits 1 with one line for a bad flag', async () => {
      const run = runCli(['--port', 'abc'])
      expect(await run.exit).toBe(1)
      expect(run.stderr().trimEnd().split('\n')).toEqual([
        'gamerstage: --port must be a whole number from 0 to 65535, not "abc".',
      ])
    })
  })
})
