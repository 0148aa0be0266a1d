/**
 * Writers at once on a community served by several instances on one PostgreSQL database:
 * `runConcurrentWriters` signs players up, then has each of them write in turn
 * (posts, likes and dislikes, follows and unfollows, comments and their votes) on a few shared
 * posts and players, so that the writes meet; each writer sends through the instances in turn.
 * `countersAgainstRows` then compares every counter the schema keeps with the rows it counts.
 * Used by tests/server/cluster/concurrent-writes.test.ts (a short run) and bench/concurrent-writes.ts
 * (10,000 writes).
 */
import pg from 'pg'
import { CHECKED_COUNTERS, counterMismatchQuery } from '../../src/server/db/counters'

export interface WritersOptions {
  /** The instances' base addresses (`http://127.0.0.1:PORT`); writer i starts on instance i. */
  urls: readonly string[]
  writers: number
  /** Writes in all (sign-ups and the first posts included), spread evenly over the writers. */
  writes: number
  /** The password every account gets. */
  password: string
  /** Starts the usernames: a run's own, so that runs on one database do not meet. */
  prefix: string
}

export interface WritersResult {
  /** How many answers had each status. */
  statuses: Map<number, number>
  /** Method, path, status and body of the first few 5xx answers. */
  serverErrors: string[]
  writes: number
  seconds: number
  /** Per post id: acknowledged likes minus acknowledged dislikes (what its likeCount must be). */
  likeDelta: Map<number, number>
}

interface Writer {
  id: number
  token: string
}

/** A small deterministic generator, so that a failing run can be read again. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
}

/** The id of what a `Prefer: return=minimal` answer holds (`{"post": …}`, docs/API.md). */
const idOf = (json: unknown, key: 'post' | 'comment') =>
  Number((json as Record<typeof key, { _id: string }>)[key]._id)

export async function runConcurrentWriters(options: WritersOptions): Promise<WritersResult> {
  const { urls, password, prefix } = options
  const statuses = new Map<number, number>()
  const serverErrors: string[] = []
  const likeDelta = new Map<number, number>()
  let writes = 0

  const send = async (
    instance: number,
    path: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; json: unknown }> => {
    const response = await fetch(`${urls[instance % urls.length]}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        prefer: 'return=minimal',
        ...(token ? { authorization: token } : {}),
      },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    writes++
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    if (response.status >= 500 && serverErrors.length < 10) {
      serverErrors.push(`POST ${path} ${response.status} ${text.slice(0, 300)}`)
    }
    let json: unknown = null
    try {
      json = JSON.parse(text)
    } catch {
      // Not JSON: the status says enough.
    }
    return { status: response.status, json }
  }

  const started = performance.now()
  // Sign-ups at once, two of them for each name: one wins, the other is told the name is taken.
  const signUps = await Promise.all(
    Array.from({ length: options.writers * 2 }, async (_, index) => {
      const name = `${prefix}${Math.floor(index / 2)}`
      const { status, json } = await send(index, '/api/auth/signup', { username: name, password })
      if (status !== 201) return null
      const answer = json as { createdUser: { _id: string }; encodedToken: string }
      return { id: Number(answer.createdUser._id), token: answer.encodedToken }
    }),
  )
  const writers = signUps.filter((writer): writer is Writer => writer !== null)
  // Each writer's first post: the shared posts every writer then likes and comments on.
  const postIds: number[] = []
  await Promise.all(
    writers.map(async (writer, index) => {
      const { status, json } = await send(
        index,
        '/api/posts',
        { postData: { content: `first post of ${index}` } },
        writer.token,
      )
      if (status === 201) postIds.push(idOf(json, 'post'))
    }),
  )
  const commentIds: { postId: number; commentId: number }[] = []
  const hotPosts = postIds.slice(0, 4)
  const hotUsers = writers.slice(0, 4)

  const write = async (writer: Writer, index: number, step: number, next: () => number) => {
    const instance = index + step
    const pick = <Item>(list: readonly Item[]) => list[Math.floor(next() * list.length)] as Item
    const roll = next()
    if (roll < 0.2 || hotPosts.length === 0) {
      const { status, json } = await send(
        instance,
        '/api/posts',
        { postData: { content: `post ${step} of ${writer.id}` } },
        writer.token,
      )
      if (status === 201) postIds.push(idOf(json, 'post'))
    } else if (roll < 0.45) {
      const postId = next() < 0.7 ? pick(hotPosts) : pick(postIds)
      const kind = next() < 0.75 ? 'like' : 'dislike'
      const { status } = await send(instance, `/api/posts/${kind}/${postId}`, {}, writer.token)
      if (status === 200) {
        likeDelta.set(postId, (likeDelta.get(postId) ?? 0) + (kind === 'like' ? 1 : -1))
      }
    } else if (roll < 0.7) {
      const target = next() < 0.6 ? pick(hotUsers) : pick(writers)
      if (target.id === writer.id) return
      const kind = next() < 0.6 ? 'follow' : 'unfollow'
      await send(instance, `/api/users/${kind}/${target.id}`, {}, writer.token)
    } else if (roll < 0.9 || commentIds.length === 0) {
      const postId = pick(hotPosts)
      const { status, json } = await send(
        instance,
        `/api/comments/add/${postId}`,
        { commentData: { text: `comment ${step} of ${writer.id}` } },
        writer.token,
      )
      if (status === 201) commentIds.push({ postId, commentId: idOf(json, 'comment') })
    } else {
      const { postId, commentId } = pick(commentIds)
      const kind = next() < 0.7 ? 'upvote' : 'downvote'
      await send(instance, `/api/comments/${kind}/${postId}/${commentId}`, {}, writer.token)
    }
  }

  await Promise.all(
    writers.map(async (writer, index) => {
      const next = random(index + 1)
      // Until the run's writes are sent (a writer's turn that would follow itself sends none).
      for (let step = 0; writes < options.writes; step++) await write(writer, index, step, next)
    }),
  )
  return {
    statuses,
    serverErrors,
    writes,
    seconds: (performance.now() - started) / 1000,
    likeDelta,
  }
}

/** A counter that differs from the rows it counts: which, where, and both numbers. */
export interface CounterMismatch {
  counter: string
  id: number
  counted: number
  rows: number
}

/**
 * Every counter the schema keeps (db/counters.ts) against a count of its rows. (A post's
 * likeCount is not a count of rows: SPEC's dislike lowers it by one, so runConcurrentWriters
 * reports what it must be instead.)
 */
export async function countersAgainstRows(url: string): Promise<CounterMismatch[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const mismatches: CounterMismatch[] = []
    for (const counter of CHECKED_COUNTERS) {
      // The shared query's one placeholder-free form: pg's own `$n` never appears in it.
      const { rows } = await client.query<{ id: string; stored: string; actual: string }>(
        counterMismatchQuery(counter),
      )
      for (const row of rows) {
        mismatches.push({
          counter: counter.label,
          id: Number(row.id),
          counted: Number(row.stored),
          rows: Number(row.actual),
        })
      }
    }
    return mismatches
  } finally {
    await client.end()
  }
}

/** Each post's likeCount as the database holds it. */
export async function likeCounts(
  url: string,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string; like_count: string }>(
      'SELECT id, like_count FROM posts WHERE id = ANY($1::bigint[])',
      [ids],
    )
    return new Map(rows.map((row) => [Number(row.id), Number(row.like_count)]))
  } finally {
    await client.end()
  }
}
