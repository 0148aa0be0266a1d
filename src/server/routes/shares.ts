/**
 * The calls of reposts and emoji reactions under `/api/posts` (docs/API.md, "Reposts and quotes",
 * "Emoji reactions"): repost and take back, add and take back an emoji reaction, and who reacted
 * with an emoji. Each write answers `{post}`, presented for the caller, whether or not it changed
 * anything.
 */
import { Hono } from 'hono'
import type { PostResponse, ReactorsPage } from '../../shared/api-types'
import {
  canonicalReaction,
  isReactionKey,
  MAX_REACTION_LENGTH,
  type Reaction,
} from '../../shared/reactions'
import { pageQuerySchema } from '../../shared/schemas'
import { liveOf } from '../actions/live'
import { repostPost, setEmojiReaction, undoRepostPost } from '../actions/shares'
import type { PostRow } from '../db/rows'
import { HttpError } from '../errors/http-error'
import { SHARE_MESSAGES } from '../errors/messages'
import {
  optionalViewer,
  perUserLimit,
  requireUser,
  type AppDeps,
  type AppEnv,
} from '../http/context'
import { idParams, validate } from '../http/validate'
import { pageReactors } from '../services/reads/emoji-reactions'
import { knownEmoji } from '../services/reads/known-emoji'
import { pageReposters } from '../services/reads/reposts'
import { pageRequest } from '../services/reads/pagination'
import { toUserSummary } from '../services/presenting/embedded'
import { presentPost } from '../services/presenting/posts'

/** The path's reaction as the API names it: a quick one's key, or a known emoji in its form. */
export function reactionParam(raw: string): Reaction {
  if (isReactionKey(raw)) return raw
  const emoji = raw.length <= MAX_REACTION_LENGTH ? knownEmoji(raw) : null
  if (emoji === null) throw new HttpError('VALIDATION', SHARE_MESSAGES.unknownReaction)
  return canonicalReaction(emoji)
}

export function shareRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const live = liveOf(deps)
  const limit = perUserLimit(deps, 'reactions')
  const answer = async (post: PostRow, viewerId: number) =>
    ({ post: await presentPost(db, post, viewerId) }) satisfies PostResponse

  return (
    new Hono<AppEnv>()
      .post('/:postId/repost', auth, limit, idParams('postId'), async (c) => {
        const { post } = await repostPost(live, c.get('user'), c.req.valid('param').postId)
        return c.json(await answer(post, c.get('user').id))
      })
      .delete('/:postId/repost', auth, limit, idParams('postId'), async (c) => {
        const { post } = await undoRepostPost(live, c.get('user'), c.req.valid('param').postId)
        return c.json(await answer(post, c.get('user').id))
      })
      .put('/:postId/reactions/:reaction', auth, limit, idParams('postId'), async (c) => {
        const reaction = reactionParam(c.req.param('reaction'))
        const { post } = await setEmojiReaction(
          live,
          c.get('user'),
          c.req.valid('param').postId,
          reaction,
          true,
        )
        return c.json(await answer(post, c.get('user').id))
      })
      .delete('/:postId/reactions/:reaction', auth, limit, idParams('postId'), async (c) => {
        const reaction = reactionParam(c.req.param('reaction'))
        const { post } = await setEmojiReaction(
          live,
          c.get('user'),
          c.req.valid('param').postId,
          reaction,
          false,
        )
        return c.json(await answer(post, c.get('user').id))
      })
      .get(
        '/:postId/reactions/:reaction',
        optionalViewer(deps),
        idParams('postId'),
        validate('query', pageQuerySchema),
        async (c) => {
          const reaction = reactionParam(c.req.param('reaction'))
          const page = await pageReactors(
            db,
            c.req.valid('param').postId,
            reaction,
            pageRequest(c.req.valid('query')),
            c.get('viewerId'),
            toUserSummary,
          )
          return c.json({ users: page.rows, nextCursor: page.nextCursor } satisfies ReactorsPage)
        },
      )
      // Who reposts the post, newest first (one query per page).
      .get(
        '/:postId/reposts',
        optionalViewer(deps),
        idParams('postId'),
        validate('query', pageQuerySchema),
        async (c) => {
          const page = await pageReposters(
            db,
            c.req.valid('param').postId,
            pageRequest(c.req.valid('query')),
            c.get('viewerId'),
            toUserSummary,
          )
          return c.json({ users: page.rows, nextCursor: page.nextCursor } satisfies ReactorsPage)
        },
      )
  )
}
