/**
 * The real multicast-dns transport, in a network namespace this test makes for itself: it has
 * only a loopback interface, so no packet can reach this machine's real network. Where a network
 * namespace cannot be made (not root, no `unshare`), the test is skipped and says why; the logic
 * is covered through the in-memory transport in discovery.test.ts either way.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const SETUP = 'ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo'

function namespaceProblem(): string | null {
  const probe = spawnSync('unshare', ['--net', 'sh', '-c', SETUP], {
    encoding: 'utf8',
    timeout: 10_000,
  })
  if (probe.error) return `unshare is not available (${probe.error.message})`
  if (probe.status !== 0) return `cannot make a network namespace here: ${probe.stderr.trim()}`
  return null
}

const problem = namespaceProblem()
if (problem) {
  console.warn(
    `Skipping the real mDNS test: ${problem}. Tests never multicast on the real network.`,
  )
}

describe('LAN discovery over real multicast, in a private network namespace', () => {
  it.skipIf(problem !== null)(
    'advertises, finds and forgets a server',
    () => {
      const run = spawnSync(
        'unshare',
        [
          '--net',
          'sh',
          '-c',
          `${SETUP} && exec "${process.execPath}" --import tsx tests/server/discovery/netns-probe.ts`,
        ],
        { cwd: root, encoding: 'utf8', timeout: 30_000 },
      )
      expect(run.status, run.stderr).toBe(0)
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
        found: { name: string; url: string; version: string }[]
        afterGoodbye: unknown[]
      }
      expect(result.found).toEqual([
        {
          name: "player1's Gamerstage",
          host: '127.0.0.1',
          port: 4567,
          version: '0.1.0-netns',
          url: 'http://127.0.0.1:4567',
          fingerprint: null,
          seen: 1,
        },
      ])
      expect(result.afterGoodbye).toEqual([])
    },
    40_000,
  )

  it.skipIf(problem !== null)(
    'finds the headless server started with --advertise',
    () => {
      const run = spawnSync(
        'unshare',
        [
          '--net',
          'sh',
          '-c',
          `${SETUP} && exec "${process.execPath}" --import tsx tests/server/discovery/netns-cli-probe.ts`,
        ],
        { cwd: root, encoding: 'utf8', timeout: 60_000 },
      )
      expect(run.status, run.stderr).toBe(0)
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
        port: number
        found: { name: string; port: number; url: string }[]
        afterStop: unknown[]
        exitCode: number
        output: string
      }
      expect(result.output).toContain('Announced on the LAN as "LAN box"')
      expect(result.found).toHaveLength(1)
      // Shared on the LAN, it speaks HTTPS with a certificate of its own and announces that
      // certificate's fingerprint, which is the one it prints for its host.
      const printed = /SHA-256 fingerprint: ([0-9a-f]{64})/.exec(result.output)?.[1]
      expect(printed).toBeDefined()
      expect(result.found[0]).toMatchObject({
        name: 'LAN box',
        port: result.port,
        url: `https://127.0.0.1:${result.port}`,
        fingerprint: printed,
      })
      expect(result.afterStop).toEqual([])
      expect(result.exitCode).toBe(0)
    },
    70_000,
  )
})
