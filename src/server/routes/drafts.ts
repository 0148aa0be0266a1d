/**
 * `/api/drafts/:slot` (docs/API.md, "Drafts"): read, save and empty one of the caller's kept
 * drafts. Every call is the caller's own: there is no way to name another user's.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  DRAFT_SLOT_PATTERN,
  DRAFT_TOO_LARGE,
  DRAFT_LIMITS,
  saveDraftSchema,
  type DraftListResponse,
  type DraftResponse,
} from '../../shared/drafts'
import { deleteDraft, saveDraft } from '../actions/drafts'
import { liveOf } from '../actions/live'
import { HttpError } from '../errors/http-error'
import { perUserLimit, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { validate } from '../http/validate'
import { getDraft, listDrafts } from '../services/reads/drafts'

/** Room for the request's own fields around the body. */
const ENVELOPE_BYTES = 1024

function slotOf(c: Context<AppEnv>): string {
  const slot = c.req.param('slot') ?? ''
  if (!DRAFT_SLOT_PATTERN.test(slot)) {
    throw new HttpError(
      'VALIDATION',
      'A draft’s slot is a name of letters, digits, ":", "_" and "-", starting with a letter.',
    )
  }
  return slot
}

export function draftsRoutes(deps: AppDeps) {
  const live = liveOf(deps)
  const auth = requireUser(deps)
  const sizeLimit = bodyLimit({
    maxSize: DRAFT_LIMITS.bodyBytes + ENVELOPE_BYTES,
    onError: () => {
      throw new HttpError('TOO_LARGE', DRAFT_TOO_LARGE)
    },
  })
  return new Hono<AppEnv>()
    .get('/', auth, async (c) =>
      c.json({ drafts: await listDrafts(deps.db, c.get('user').id) } satisfies DraftListResponse),
    )
    .get('/:slot', auth, async (c) => {
      const draft = await getDraft(deps.db, c.get('user').id, slotOf(c))
      return c.json({ draft } satisfies DraftResponse)
    })
    .put(
      '/:slot',
      auth,
      perUserLimit(deps, 'drafts'),
      sizeLimit,
      validate('json', saveDraftSchema),
      async (c) => {
        const { body, updatedAt } = c.req.valid('json')
        if (JSON.stringify(body).length > DRAFT_LIMITS.bodyBytes) {
          throw new HttpError('TOO_LARGE', DRAFT_TOO_LARGE)
        }
        const draft = await saveDraft(live, c.get('user'), slotOf(c), body, updatedAt)
        return c.json({ draft } satisfies DraftResponse)
      },
    )
    .delete('/:slot', auth, perUserLimit(deps, 'drafts'), async (c) => {
      await deleteDraft(live, c.get('user'), slotOf(c))
      return c.json({ draft: null } satisfies DraftResponse)
    })
}
