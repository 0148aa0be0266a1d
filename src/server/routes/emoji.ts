/**
 * The server's custom emoji (docs/API.md, "Custom emoji"): the list, read as posts are (no
 * sign-in needed) and cheap to ask for again (its version is its ETag: a 304 when unchanged);
 * a host adds one (multipart `shortcode` and `file`, through the upload guards of every image)
 * and deletes one.
 */
import { Hono } from 'hono'
import type { CustomEmojiList, CustomEmojiResponse, OkResponse } from '../../shared/api-types'
import { isShortcode, SHORTCODE_LENGTH } from '../../shared/custom-emoji'
import { addCustomEmoji, removeCustomEmoji } from '../actions/custom-emoji'
import { liveOf } from '../actions/live'
import { HttpError } from '../errors/http-error'
import { EMOJI_MESSAGES } from '../errors/messages'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { imageUploadGuards } from '../http/image-upload'
import { customEmojiVersion, listCustomEmoji, toCustomEmoji } from '../services/reads/custom-emoji'
import { assertHost } from '../services/reads/hosting'

const badShortcode = () =>
  new HttpError(
    'VALIDATION',
    EMOJI_MESSAGES.badShortcode(SHORTCODE_LENGTH.min, SHORTCODE_LENGTH.max),
  )

export function emojiRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const live = liveOf(deps)
  const hostIds = deps.hostIds ?? []
  const host = async (c: Parameters<typeof auth>[0], next: () => Promise<void>) => {
    await assertHost(db, c.get('user'), hostIds)
    await next()
  }
  const { sizeLimit, uploadLimit, uploadedBytes } = imageUploadGuards(deps)

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const rows = await listCustomEmoji(db)
      const version = customEmojiVersion(rows)
      const etag = `"${version}"`
      c.header('ETag', etag)
      c.header('Cache-Control', 'no-cache')
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304)
      return c.json({ emoji: rows.map(toCustomEmoji), version } satisfies CustomEmojiList)
    })
    .post('/', sizeLimit, auth, host, uploadLimit, async (c) => {
      const bytes = await uploadedBytes(c)
      // Parsed once already by uploadedBytes; Hono keeps the parsed body.
      const shortcode = (await c.req.parseBody()).shortcode
      if (!isShortcode(shortcode)) throw badShortcode()
      const row = await addCustomEmoji(live, c.get('user'), shortcode, bytes)
      return c.json({ emoji: toCustomEmoji(row) } satisfies CustomEmojiResponse, 201)
    })
    .delete('/:shortcode', auth, host, async (c) => {
      const shortcode = c.req.param('shortcode')
      if (!isShortcode(shortcode)) throw badShortcode()
      await removeCustomEmoji(live, shortcode)
      return c.json({ ok: true } satisfies OkResponse)
    })
}
