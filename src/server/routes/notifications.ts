import { Hono } from 'hono'
import { z } from 'zod'
import type { NotificationsPage, UnreadCountResponse } from '../../shared/api-types'
import { pageQuerySchema } from '../../shared/schemas'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { liveOf } from '../actions/live'
import { changeSettings, markRead } from '../actions/notifications'
import type { NotificationSettingsResponse } from '../../shared/notification-kinds'
import { notificationSettingsSchema } from '../../shared/schemas'
import { notificationSettings } from '../services/reads/notification-settings'
import { pageNotifications, unreadCount } from '../services/reads/notifications'
import { pageRequest } from '../services/reads/pagination'
import { parseId, validate } from '../http/validate'

const markReadSchema = z
  .object({
    upTo: z
      .string({ error: 'upTo must be a notification id.' })
      .refine((id) => parseId(id) !== null, { error: 'upTo must be a notification id.' })
      .optional(),
  })
  .optional()

/** `/api/notifications` (docs/API.md, "Notifications"): always the signed-in user's own. */
export function notificationsRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveOf(deps)
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get('/', validate('query', pageQuerySchema), async (c) => {
      const page = pageRequest(c.req.valid('query'))
      const answer = await pageNotifications(db, c.get('user').id, page)
      return c.json(answer satisfies NotificationsPage)
    })
    .get('/unread-count', async (c) =>
      c.json({
        unreadCount: await unreadCount(db, c.get('user').id),
      } satisfies UnreadCountResponse),
    )
    .post('/read', validate('json', markReadSchema), async (c) => {
      const upTo = c.req.valid('json')?.upTo
      const count = await markRead(live, c.get('user'), upTo === undefined ? null : parseId(upTo))
      return c.json({ unreadCount: count } satisfies UnreadCountResponse)
    })
    .get('/settings', async (c) =>
      c.json({
        settings: await notificationSettings(db, c.get('user').id),
      } satisfies NotificationSettingsResponse),
    )
    .patch('/settings', validate('json', notificationSettingsSchema), async (c) => {
      const { settings } = c.req.valid('json')
      const now = await changeSettings(live, c.get('user'), settings)
      return c.json({ settings: now } satisfies NotificationSettingsResponse)
    })
}
