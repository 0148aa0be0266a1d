/**
 * Reads a V8 CPU profile of the server (`node --cpu-prof`) and says where its time went: self time
 * per function and per part (the server's own source files through the bundle's source map, each
 * dependency by package, the garbage collector, idle), optionally per request answered.
 *
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [requests]`
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SourceMap } from 'node:module'
import { fileURLToPath } from 'node:url'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}

interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

export interface CostLine {
  name: string
  ms: number
  share: number
}

export interface ProfileSummary {
  /** Milliseconds sampled, idle excluded. */
  busyMs: number
  parts: CostLine[]
  functions: CostLine[]
}

const sourceMaps = new Map<string, SourceMap | null>()

function sourceMapOf(url: string): SourceMap | null {
  if (!sourceMaps.has(url)) {
    try {
      const file = fileURLToPath(url)
      sourceMaps.set(url, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))))
    } catch {
      sourceMaps.set(url, null)
    }
  }
  return sourceMaps.get(url) ?? null
}

/** The part of the program a frame belongs to. */
function partOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame
  if (!url) {
    if (functionName.startsWith('(')) return functionName
    return `(native) ${functionName || 'anonymous'}`
  }
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (inModules?.[1]) return inModules[1]
  if (url.startsWith('node:')) return url
  const map = url.endsWith('/out/server/cli.js') ? sourceMapOf(url) : null
  if (map) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as {
      originalSource?: string
    }
    const source = entry.originalSource
    if (source) {
      const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
      if (modules?.[1]) return modules[1]
      const own = /src\/server\/(.*)$/.exec(source)
      return own?.[1] ? `server/${own[1]}` : source
    }
  }
  return url.replace(/^file:\/\/.*\//, '')
}

/** The one profile that `node --cpu-prof --cpu-prof-dir DIR` wrote into `dir` when it stopped. */
export function readProfileFrom(dir: string): CpuProfile {
  const [file] = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))
  if (!file) throw new Error(`No profile in ${dir}`)
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile
}

/**
 * `window`: only the samples taken between these two instants (microseconds of the monotonic
 * clock, `process.hrtime.bigint() / 1000n` in any process on the machine), e.g. a load's, so that
 * starting and stopping the server are left out.
 */
export function summarizeProfile(
  profile: CpuProfile,
  top = 15,
  window?: { fromUs: number; toUs: number },
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMs = new Map<number, number>()
  let at = profile.startTime
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0
    at += delta
    if (window && (at < window.fromUs || at > window.toUs)) return
    selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000)
  })
  const parts = new Map<string, number>()
  const functions = new Map<string, number>()
  let busyMs = 0
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)
    if (!node || node.callFrame.functionName === '(idle)') continue
    busyMs += ms
    const part = partOf(node.callFrame)
    parts.set(part, (parts.get(part) ?? 0) + ms)
    const name = `${node.callFrame.functionName || '(anonymous)'} [${part}]`
    functions.set(name, (functions.get(name) ?? 0) + ms)
  }
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms, share: busyMs ? ms / busyMs : 0 }))
  return { busyMs, parts: lines(parts), functions: lines(functions) }
}

/** The summary as Markdown; `requests` turns milliseconds into microseconds per request. */
export function formatProfile(summary: ProfileSummary, requests?: number): string {
  const per = (ms: number) =>
    requests ? `${((ms * 1000) / requests).toFixed(0)} µs/req` : `${ms.toFixed(0)} ms`
  const table = (title: string, rows: CostLine[]) => [
    `| ${title} | CPU | share |`,
    '|---|---:|---:|',
    ...rows.map((row) => `| ${row.name} | ${per(row.ms)} | ${(row.share * 100).toFixed(1)}% |`),
  ]
  return [
    `busy ${per(summary.busyMs)}`,
    '',
    ...table('part', summary.parts),
    '',
    ...table('function (self time)', summary.functions),
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv[2]) {
  const profile = JSON.parse(readFileSync(process.argv[2], 'utf8')) as CpuProfile
  const requests = process.argv[3] ? Number(process.argv[3]) : undefined
  console.log(formatProfile(summarizeProfile(profile), requests))
}
