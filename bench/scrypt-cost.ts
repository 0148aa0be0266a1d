/**
 * `npx tsx bench/scrypt-cost.ts`: how long one password hash takes at each scrypt cost on this
 * machine, to choose SCRYPT_PARAMS (src/server/auth/password.ts) within the login budget
 * (docs/security.md). Median of a few hashes, one at a time.
 */
import { scrypt } from 'node:crypto'
import { cpus } from 'node:os'

/** A login should check its password in about this long on the slowest host we expect. */
const LOGIN_BUDGET_MS = 500
const RUNS = 5

function hashOnce(N: number): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    scrypt(
      'correct horse battery',
      'sixteen byte salt',
      32,
      { N, r: 8, p: 1, maxmem: 512 * 1024 * 1024 },
      (error) => (error ? reject(error) : resolve(performance.now() - started)),
    )
  })
}

console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`)
console.log('| N | memory | median ms | within the budget |')
console.log('|---|---|---|---|')
for (const exponent of [14, 15, 16, 17]) {
  const N = 2 ** exponent
  const times: number[] = []
  for (let run = 0; run < RUNS; run += 1) times.push(await hashOnce(N))
  times.sort((a, b) => a - b)
  const median = times[Math.floor(RUNS / 2)] ?? 0
  const memory = `${(128 * N * 8) / 1024 / 1024} MB`
  console.log(
    `| 2^${exponent} | ${memory} | ${median.toFixed(0)} | ${median <= LOGIN_BUDGET_MS ? 'yes' : 'no'} |`,
  )
}
