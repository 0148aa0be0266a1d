/**
 * Game nights' commands (docs/API.md, "Game nights"): one per write, each through `commit`
 * (live.ts). Each publishes `game-night` (the night as everyone sees it alike, with what an edit
 * changed) to everyone but those blocked either way with its host or muting it (`aboutWriting`),
 * as the lists hide the night from them; its notifications (changed, cancelled, moved up,
 * reminded) go out with it.
 *
 * Only planning touches what the caches of posts keep (caches/touched.ts): it writes the night's
 * thread post. Game nights are not posts, and their routes keep no whole answers.
 */
import * as writes from '../services/writes/game-nights'
import type { GameNightRow } from '../services/reads/game-nights'
import { presentShared } from '../services/presenting/game-nights'
import type { GameNightField, GameNightRsvpChoice } from '../../shared/game-night-types'
import { getGameBySlug } from '../services/reads/games'
import { aboutWriting, commit, type Actor, type Live } from './live'
import { publishWrittenPost, writePostWithin } from './posts'

/** Tells everyone who may see its host that the night changed. */
export async function publishGameNight(
  live: Live,
  night: GameNightRow,
  changed: GameNightField[],
): Promise<void> {
  const [shared] = await presentShared(live.db, [night])
  if (!shared) return
  live.hub.publish(
    'game-night',
    { gameNight: shared, changed },
    await aboutWriting(live, night.hostId),
  )
}

/**
 * Plans a night with its thread: the host's post announcing it, whose comments are the night's
 * comments (the comment routes, rate limits, blocks, mentions, votes and live events of every
 * post's comments). The post is the host's own, in their feed and profile as any post.
 */
export async function createGameNight(live: Live, actor: Actor, input: writes.GameNightInput) {
  const { night } = await commit(
    live,
    async (tx, changes) => {
      const created = await writes.createGameNight(tx, actor.id, input)
      const game = await getGameBySlug(tx, input.game)
      const thread = await writePostWithin(
        tx,
        changes,
        actor.id,
        threadText(created.title, game.name),
        created.createdAt,
      )
      return { night: await writes.setThread(tx, created, thread.post.id), thread }
    },
    async ({ night, thread }) => {
      await publishWrittenPost(live, thread)
      await publishGameNight(live, night, [])
    },
    ({ thread }) => ({
      added: {
        postId: thread.post.id,
        authorId: thread.post.authorId,
        createdAt: thread.post.createdAt,
      },
    }),
  )
  return night
}

/** What a night's thread post says: its title and game (the app links the post to the night). */
export const threadText = (title: string, game: string) => `Game night: ${title} (${game})`

export function editGameNight(
  live: Live,
  actor: Actor,
  gameNightId: number,
  edit: writes.GameNightEdit,
) {
  return commit(
    live,
    (tx, changes) => writes.editGameNight(tx, changes, actor.id, gameNightId, edit),
    async ({ night, changed }) => {
      if (changed.length) await publishGameNight(live, night, changed)
    },
  )
}

export function answerGameNight(
  live: Live,
  actor: Actor,
  gameNightId: number,
  choice: GameNightRsvpChoice,
) {
  return commit(
    live,
    (tx, changes) => writes.answerGameNight(tx, changes, actor.id, gameNightId, choice),
    ({ night }) => publishGameNight(live, night, []),
  )
}

/**
 * Sends the night's reminder unless another instance claimed it first (writes/game-nights.ts
 * remindGameNight); answers whether this one sent it.
 */
export async function remindGameNight(live: Live, gameNightId: number, now = Date.now()) {
  const night = await commit(live, (tx, changes) =>
    writes.remindGameNight(tx, changes, gameNightId, now),
  )
  return night !== null
}
