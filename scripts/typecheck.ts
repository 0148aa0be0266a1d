/**
 * `npm run typecheck`: the three TypeScript projects (the main process and server, the renderer,
 * the browser tests) checked at once, each by its own `tsc`, rather than one after another. A
 * `tsc` uses one core, and CI's machine has two: the three take about as long as the largest.
 * Each project's output is printed whole, in this order, after all have ended; the exit code is
 * non-zero when any of them found an error.
 */
import { spawn } from 'node:child_process'

export const PROJECTS = ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.e2e.json']

interface Checked {
  project: string
  code: number | null
  output: string
}

function check(project: string): Promise<Checked> {
  return new Promise((resolve) => {
    const tsc = spawn(process.execPath, [
      'node_modules/typescript/bin/tsc',
      '-p',
      project,
      '--noEmit',
    ])
    let output = ''
    tsc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    tsc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    tsc.on('error', (error) => resolve({ project, code: 1, output: String(error) }))
    tsc.on('close', (code) => resolve({ project, code, output }))
  })
}

const results = await Promise.all(PROJECTS.map(check))
for (const { project, code, output } of results) {
  if (output) process.stdout.write(output)
  if (code !== 0) console.error(`tsc -p ${project}: found errors (exit ${code})`)
}
process.exit(results.every(({ code }) => code === 0) ? 0 : 1)
