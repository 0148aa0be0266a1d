/**
 * `npx tsx bench/profile.ts [--data generated|api] [--scale issue] [--kept DIR] [--duration S]
 * [--only name,…]`: a CPU profile
 * of the server per request kind under load. For each of the feed, a post page,
 * a comments page, a like, a new post, the mixed writes and a follow: the real server in its own process with
 * `node --cpu-prof`, loaded alone with autocannon (10 connections), stopped, and its profile
 * summarized per request answered (profile-summary.ts). `--data generated` profiles on the bench's
 * generated data (generate.ts, a small size); `--data api` on a server filled through the API
 * (populate-api.ts) that has served whole lists, `--scale issue` at the size of issue 38's write
 * targets (minutes of sign-ups). `--kept DIR` keeps that populated folder in DIR the first time and
 * profiles on a copy of it afterwards, so that profiles before and after a change start alike.
 */
import autocannon from 'autocannon'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuilt } from '../scripts/build-stale'
import { generateDataset, usernameOf } from './generate'
import { formatProfile, readProfileFrom, summarizeProfile } from './profile-summary'
import { API_DEFAULT_SIZE, API_ISSUE_SIZE, populateThroughApi } from './populate-api'
import { signIn, startServerProcess } from './run-bench'

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: 'generated' },
    duration: { type: 'string', default: '6' },
    only: { type: 'string' },
    scale: { type: 'string' },
    kept: { type: 'string' },
  },
})
await ensureBuilt()
const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-profile-'))
const duration = Number(values.duration)

/** What each profiled request names of the data. */
interface Targets {
  postId: number
  username: string
  followId: number
  /** A user followed as most are (the mixed writes' follow). */
  ordinaryId: number
}

let targets: Targets
const keptTargets = values.kept ? join(values.kept, 'targets.json') : null
if (values.data === 'api' && keptTargets && existsSync(keptTargets)) {
  cpSync(values.kept ?? '', dataDir, { recursive: true })
  targets = JSON.parse(readFileSync(keptTargets, 'utf8')) as Targets
} else if (values.data === 'api') {
  const report = await populateThroughApi({
    size: values.scale === 'issue' ? API_ISSUE_SIZE : API_DEFAULT_SIZE,
    duration,
    connections: 10,
    dataDir,
    populateOnly: true,
  })
  targets = {
    postId: report.postIds[report.postIds.length - 1] ?? 1,
    username: usernameOf(1),
    followId: report.userIds[0] ?? 1,
    ordinaryId: report.userIds[report.userIds.length - 1] ?? 2,
  }
  if (values.kept && keptTargets) {
    mkdirSync(values.kept, { recursive: true })
    cpSync(dataDir, values.kept, { recursive: true })
    writeFileSync(keptTargets, JSON.stringify(targets))
  }
} else {
  const dataset = await generateDataset(dataDir, {
    users: 2_000,
    posts: 50_000,
    likes: 100_000,
    comments: 20_000,
    follows: 20_000,
  })
  targets = {
    postId: dataset.popularPostId,
    username: dataset.profileUsername,
    followId: dataset.popularUserId,
    ordinaryId: dataset.followTargetId,
  }
}

const minimal = { 'content-type': 'application/json', prefer: 'return=minimal' }
const kinds: { name: string; requests: (fresh: number) => autocannon.Request[] }[] = [
  { name: 'feed', requests: () => [{ method: 'GET', path: '/api/feed?limit=20' }] },
  {
    name: 'post page',
    requests: () => [{ method: 'GET', path: `/api/posts/${targets.postId}`, headers: minimal }],
  },
  {
    name: 'comments',
    requests: () => [{ method: 'GET', path: `/api/comments/${targets.postId}?limit=20` }],
  },
  {
    name: 'like',
    requests: (fresh) => [
      { method: 'POST', path: `/api/posts/like/${fresh}`, headers: minimal, body: '{}' },
      { method: 'POST', path: `/api/posts/dislike/${fresh}`, headers: minimal, body: '{}' },
    ],
  },
  {
    name: 'new post',
    requests: () => [
      {
        method: 'POST',
        path: '/api/posts',
        headers: minimal,
        body: JSON.stringify({ postData: { content: 'Profiled #lan' } }),
      },
    ],
  },
  {
    // The "mixed writes", as the bench loads them (run-bench.ts).
    name: 'mixed writes',
    requests: (fresh) => [
      {
        method: 'POST',
        path: '/api/posts',
        headers: minimal,
        body: JSON.stringify({ postData: { content: 'Mixed writes #bench' } }),
      },
      { method: 'POST', path: `/api/posts/like/${fresh}`, headers: minimal, body: '{}' },
      { method: 'POST', path: `/api/posts/dislike/${fresh}`, headers: minimal, body: '{}' },
      {
        method: 'POST',
        path: `/api/users/follow/${targets.ordinaryId}`,
        headers: minimal,
        body: '{}',
      },
      {
        method: 'POST',
        path: `/api/users/unfollow/${targets.ordinaryId}`,
        headers: minimal,
        body: '{}',
      },
      {
        method: 'POST',
        path: `/api/comments/add/${fresh}`,
        headers: minimal,
        body: JSON.stringify({ commentData: { text: 'gg' } }),
      },
    ],
  },
  {
    name: 'follow (most followed)',
    requests: () => [
      {
        method: 'POST',
        path: `/api/users/follow/${targets.followId}`,
        headers: minimal,
        body: '{}',
      },
      {
        method: 'POST',
        path: `/api/users/unfollow/${targets.followId}`,
        headers: minimal,
        body: '{}',
      },
    ],
  },
]
const only = values.only?.split(',')
try {
  for (const kind of kinds) {
    if (only && !only.includes(kind.name)) continue
    const profileDir = join(dataDir, `profile-${kind.name.replace(/\W+/g, '-')}`)
    const { child, url } = await startServerProcess(dataDir, ['--no-demo'], undefined, [
      '--cpu-prof',
      `--cpu-prof-dir=${profileDir}`,
    ])
    let completed = 0
    // The load's own samples: starting, signing in and stopping are left out.
    const window = { fromUs: 0, toUs: 0 }
    try {
      // Users from 11 on, so the most followed (user 1 in API data) is never among them.
      const { tokens, freshPostId } = await signIn(url, (id) => usernameOf(id + 10), 10)
      let next = 0
      const requests = kind.requests(freshPostId)
      window.fromUs = Number(process.hrtime.bigint() / 1000n)
      const result = await autocannon({
        url,
        connections: 10,
        duration,
        requests,
        setupClient: (client) => {
          const token = tokens[next++ % tokens.length] ?? ''
          client.setRequests(
            requests.map((request) => ({
              ...request,
              headers: { ...request.headers, authorization: token },
            })),
          )
        },
      })
      window.toUs = Number(process.hrtime.bigint() / 1000n)
      completed = result.requests.total
      console.log(
        `\n### ${kind.name} (${values.data} data): ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}\n`,
      )
    } finally {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
    const profile = readProfileFrom(profileDir)
    console.log(formatProfile(summarizeProfile(profile, 12, window), completed))
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
