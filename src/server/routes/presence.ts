import { Hono } from 'hono'
import {
  PRESENCE_LOOKUP_MAX,
  type OwnPresenceResponse,
  type PresenceListResponse,
  type GamePlayingResponse,
  type PresenceLookupResponse,
  type StatusResponse,
} from '../../shared/presence'
import { presenceSchema, statusSchema } from '../../shared/presence-schemas'
import { z } from 'zod'
import { changeAppearOffline, clearStatus, setStatus } from '../actions/presence'
import { liveOf } from '../actions/live'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { parseId, validate } from '../http/validate'
import type { Presence } from '../presence/tracker'
import { getGameBySlug } from '../services/reads/games'

const lookupSchema = z.strictObject({
  ids: z
    .string({ error: 'ids must list user ids, e.g. ids=1,2,3.' })
    .transform((raw) => raw.split(',').filter((part) => part !== ''))
    .refine((parts) => parts.length <= PRESENCE_LOOKUP_MAX, {
      error: `ids can name at most ${PRESENCE_LOOKUP_MAX} users.`,
    })
    .refine((parts) => parts.every((part) => parseId(part) !== null), {
      error: 'ids must list user ids, e.g. ids=1,2,3.',
    })
    .transform((parts) => [...new Set(parts.map((part) => Number(part)))]),
})

/** `/me/presence` and `/me/status` (docs/API.md, "Presence and now playing"). */
export function meRoutes(deps: AppDeps, presence: Presence) {
  const auth = requireUser(deps)
  const live = liveOf(deps)
  const own = async (userId: number): Promise<OwnPresenceResponse> => {
    const state = await presence.stateOf(userId)
    return {
      presence: state,
      idle: state === 'idle',
      appearOffline: await presence.appearsOffline(userId),
    }
  }
  return new Hono<AppEnv>()
    .get('/presence', auth, async (c) => c.json(await own(c.get('user').id)))
    .put('/presence', auth, validate('json', presenceSchema), async (c) => {
      const user = c.get('user')
      const { idle, appearOffline } = c.req.valid('json')
      if (appearOffline !== undefined) {
        await changeAppearOffline(live, presence, user, appearOffline)
      }
      if (idle !== undefined) await presence.setIdle(user.id, idle)
      return c.json(await own(user.id))
    })
    .put('/status', auth, validate('json', statusSchema), async (c) => {
      const status = await setStatus(live, presence, c.get('user'), c.req.valid('json'))
      return c.json({ status } satisfies StatusResponse)
    })
    .delete('/status', auth, async (c) => {
      await clearStatus(live, presence, c.get('user'))
      return c.json({ status: null } satisfies StatusResponse)
    })
}

/** `/presence`: who is here, and a batched lookup for the people a screen shows. */
export function presenceRoutes(deps: AppDeps, presence: Presence) {
  const auth = requireUser(deps)
  return new Hono<AppEnv>()
    .get('/', auth, async (c) =>
      c.json({ users: await presence.present(c.get('user').id) } satisfies PresenceListResponse),
    )
    .get('/users', auth, validate('query', lookupSchema), async (c) => {
      const { ids } = c.req.valid('query')
      const users = await presence.lookup(c.get('user').id, ids)
      return c.json({ users } satisfies PresenceLookupResponse)
    })
}

/**
 * `/games/{slug}/playing`: who is playing a game now (the game page's "Playing now"; the game
 * found as `GET /games/{slug}` finds it, an older slug included). Signed-in viewers only, as
 * every presence answer.
 */
export function gamePlayingRoutes(deps: AppDeps, presence: Presence) {
  const auth = requireUser(deps)
  return new Hono<AppEnv>().get('/games/:slug/playing', auth, async (c) => {
    const game = await getGameBySlug(deps.db, c.req.param('slug'))
    const users = await presence.playing(c.get('user').id, game.id)
    return c.json({ users } satisfies GamePlayingResponse)
  })
}
