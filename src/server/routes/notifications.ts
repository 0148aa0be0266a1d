import { Hono } from 'hono'
import { z } from 'zod'
import { LIMITS } from '../../shared/limits'
import { pageQuerySchema } from '../../shared/schemas'
import { requireUser, type AppDeps, type AppEnv } from '../context'
import type { EventHub } from '../events/hub'
import { markRead, pageNotifications, unreadCount } from '../services/notifications'
import { parseId } from '../services/users'
import { validate } from '../validate'

const markReadSchema = z
  .object({
    upTo: z
      .string({ error: 'upTo must be a notification id.' })
      .refine((id) => parseId(id) !== null, { error: 'upTo must be a notification id.' })
      .optional(),
  })
  .optional()

/** `/api/notifications` (docs/API.md, "Notifications"): always the signed-in user's own. */
export function notificationsRoutes(deps: AppDeps, hub: EventHub) {
  const { db } = deps
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get('/', validate('query', pageQuerySchema), (c) => {
      const { limit = LIMITS.pageSizeDefault, cursor } = c.req.valid('query')
      return c.json(pageNotifications(db, c.get('user').id, { limit, cursor: cursor ?? null }))
    })
    .get('/unread-count', (c) => c.json({ unreadCount: unreadCount(db, c.get('user').id) }))
    .post('/read', validate('json', markReadSchema), (c) => {
      const userId = c.get('user').id
      const upTo = c.req.valid('json')?.upTo
      const changed = markRead(db, userId, upTo === undefined ? null : parseId(upTo))
      const count = unreadCount(db, userId)
      // The user's other windows update their badge too.
      if (changed > 0) hub.publish('unread-count', { unreadCount: count }, { to: userId })
      return c.json({ unreadCount: count })
    })
}
