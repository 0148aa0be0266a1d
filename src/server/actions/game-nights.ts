/**
 * Game nights' commands (docs/API.md, "Game nights"): one per write, each through `commit`
 * (live.ts). Each publishes `game-night` (the night as everyone sees it alike, with what an edit
 * changed) to everyone but those blocked either way with its host or muting it (`aboutWriting`),
 * as the lists hide the night from them; its notifications (changed, cancelled, moved up,
 * reminded) go out with it.
 *
 * None of them touches what the caches of posts keep (caches/touched.ts): game nights are not
 * posts, and their routes keep no whole answers.
 */
import * as writes from '../services/writes/game-nights'
import type { GameNightRow } from '../services/reads/game-nights'
import { presentShared } from '../services/presenting/game-nights'
import type { GameNightField, GameNightRsvpChoice } from '../../shared/game-night-types'
import { aboutWriting, commit, type Actor, type Live } from './live'

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

export function createGameNight(live: Live, actor: Actor, input: writes.GameNightInput) {
  return commit(
    live,
    (tx) => writes.createGameNight(tx, actor.id, input),
    (night) => publishGameNight(live, night, []),
  )
}

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
