import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import { LIMITS } from '../shared/limits'
import { LIVE_EVENT_ID_HEADER } from '../shared/live-event-id'
import { requestGuard } from './http/api-headers'
import { LoginThrottle } from './auth/login-throttle'
import type { AppDeps, AppEnv } from './http/context'
import type { ErrorResponse, ServerErrorResponse } from '../shared/api-types'
import { jsonBody } from './http/json-body'
import { HttpError } from './errors/http-error'
import { EventHub } from './events/hub'
import { Presence } from './presence/tracker'
import { gamePlayingRoutes, meRoutes, presenceRoutes } from './routes/presence'
import { forwardedClientAddress } from './http/client-address'
import { createHostAllowList } from './http/host-allow-list'
import { MESSAGES } from './errors/messages'
import { RateLimits } from './http/rate-limits'
import { accountRoutes } from './routes/account'
import { authRoutes } from './routes/auth'
import { commentsRoutes } from './routes/comments'
import { eventsRoutes } from './routes/events'
import { mediaRoutes } from './routes/media'
import { metaRoutes } from './routes/meta'
import { notificationsRoutes } from './routes/notifications'
import { moderationRoutes } from './routes/moderation'
import { feedRoutes, postsRoutes } from './routes/posts'
import { pollsRoutes } from './routes/polls'
import { tagSuggestionsRoutes } from './routes/tag-suggestions'
import { gamesRoutes } from './routes/games'
import { emojiRoutes } from './routes/emoji'
import { trendingRoutes } from './routes/trending'
import { sessionRoutes } from './routes/session'
import { shareRoutes } from './routes/shares'
import { usersRoutes } from './routes/users'
import { searchRoutes } from './routes/search'
import { serverStatsRoutes } from './routes/server-stats'
import { conversationTalkRoutes } from './routes/conversation-talk'
import { conversationsRoutes } from './routes/conversations'
import { draftsRoutes } from './routes/drafts'
import { gameNightsRoutes } from './routes/game-nights'
import { squadCallsRoutes } from './routes/squad-calls'
import { serveRenderer } from './http/static'
import { databaseMediaStorage, StorageUnavailableError } from './storage/media-storage'
import { serverBusy } from './queues/work-queue'
import { DatabaseRefusal } from './db/database-refusal'
import { ReadCache } from './caches/read-cache'
import { registerReadCache } from './caches/store-caches'
import { touchCache, type Touched } from './caches/touched'
import { log } from './observability/log'
import { dependencyErrors } from './observability/metrics'
import { dependencyLost } from './observability/dependency-state'
import { postgresReason } from './db/postgres-reason'
import { requestLog, routePatternOf } from './observability/request-log'

export type { AppDeps } from './http/context'

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const pageSecurityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    // LAN servers are reached by address, so the app may call and show any http(s) server.
    connectSrc: ["'self'", 'http:', 'https:'],
    imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
    // Clips: played from any server, as images are; blob: for the composer's poster.
    mediaSrc: ["'self'", 'blob:', 'http:', 'https:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
  referrerPolicy: 'no-referrer',
  // No HSTS: a LAN share's certificate is its own and may be replaced, the QR code's /join page
  // is plain http on purpose, and a host may choose plain HTTP (docs/security.md).
  strictTransportSecurity: false,
  crossOriginResourcePolicy: 'cross-origin',
  crossOriginEmbedderPolicy: false,
  // Not sent: a page with an opener policy cannot take over the renderer its window or tab
  // started with, so the browser starts another process for it once the answer arrives. That is
  // every start of the desktop window and every link opened in a new tab: 120–180 ms more before
  // the first post shows (docs/PERFORMANCE.md, "The opener policy"). What it guards against, a
  // page that opened Gamerstage keeping a handle on its window, reads nothing here (no message
  // listeners, no frames, never framed; the app opens its own links with noopener). That page
  // could still send the window elsewhere, as it could open that address itself.
  crossOriginOpenerPolicy: false,
})

/** `PUT /api/games/{slug}/cover`: an image upload, not JSON. */
const GAME_COVER_PATH = /^\/api\/games\/[^/]+\/cover$/

const bodyTooLarge = () => new HttpError('TOO_LARGE', MESSAGES.bodyTooLarge)

/** JSON bodies read from Node's request where there is one (http/json-body.ts), within the limit. */
const jsonBodyLimit = jsonBody(
  LIMITS.jsonBodyBytes,
  bodyTooLarge,
  bodyLimit({
    maxSize: LIMITS.jsonBodyBytes,
    onError: () => {
      throw bodyTooLarge()
    },
  }),
)

/**
 * Builds the whole HTTP app over a store (SQLite or PostgreSQL: db/store.ts). It touches no global
 * state, so tests build one per test on an in-memory SQLite store and call `app.request()`.
 */
export function createApp(appDeps: AppDeps): Hono<AppEnv> {
  // The caller's own object, filled in: the server swaps `secret` in it after a restore, and
  // every route reads it from there (server.ts, replaceSecret).
  const hub = appDeps.events ?? new EventHub()
  const deps = Object.assign(appDeps, {
    events: hub,
    presence: appDeps.presence ?? new Presence(appDeps.db, hub),
    media: appDeps.media ?? databaseMediaStorage(appDeps.db),
    throttle: appDeps.throttle ?? new LoginThrottle(),
    rateLimits: appDeps.rateLimits ?? new RateLimits(appDeps.limits),
  })
  const events = deps.events
  if (deps.readCache !== false) {
    // Every change the hub hears of, from here or another instance, drops what it names.
    const cache = registerReadCache(deps.db, deps.readCache ?? new ReadCache())
    // In a cluster, what the other instances' commands touched comes through the events' stream
    // before their events (caches/touched.ts); while this instance does not follow the stream,
    // it keeps nothing touched, and what it kept goes when it stops and when it follows again.
    cache.keepsTouched = () => events.followsOthers
    events.onChange((change) => {
      if (change.kind === 'event') cache.forgetNamedIn(change.type, change.data)
      else if (change.kind === 'disconnect') cache.forgetSessionsOf(change.userId)
      else if (change.kind === 'touched') touchCache(cache, change.touched as Touched)
      else {
        cache.clear()
        // Redis lost entries: it may have lost what the shared timelines rest on too.
        if (change.lost) cache.sharedTimelines?.renew()
      }
    })
  }
  const app = new Hono<AppEnv>()

  // First of all: every request gets its id, its log line and its metrics, refused ones too.
  app.use('*', requestLog())
  // Before anything counts or checks a client address: who the client is behind a trusted proxy.
  if (deps.trustedProxies?.length) app.use('*', forwardedClientAddress(deps.trustedProxies))
  // Then, pages and API alike: a foreign Host or a foreign site's write is refused.
  app.use('*', requestGuard(deps.allowedHostNames ?? createHostAllowList(deps.allowedHosts)))
  // Only requests that can carry a body are measured: reading a GET's body would make the Node
  // adapter build a full Request for nothing. Uploads have their own, larger limit.
  app.use('/api/*', (c, next) =>
    BODYLESS_METHODS.has(c.req.method) ||
    c.req.path.startsWith('/api/media') ||
    // A game's cover is an image upload: its route has the image's size limit (routes/games.ts).
    (c.req.method === 'PUT' && GAME_COVER_PATH.test(c.req.path)) ||
    // So is a custom emoji: routes/emoji.ts has the image's size limit.
    (c.req.method === 'POST' && c.req.path === '/api/emoji')
      ? next()
      : jsonBodyLimit(c, next),
  )
  // The web app's pages and files (not the API): a CSP for the app, no framing, no referrer.
  app.use('*', async (c, next) =>
    c.req.path.startsWith('/api/') ? next() : pageSecurityHeaders(c, next),
  )

  // Every API answer says which live event was the latest when it was read (docs/API.md, "Live
  // events"): taken before the handler runs, so whatever happens during the read is replayed
  // to a stream that starts from it.
  app.use('/api/*', async (c, next) => {
    const latest = events.lastEventId
    await next()
    c.res.headers.set(LIVE_EVENT_ID_HEADER, latest)
  })

  const api = new Hono<AppEnv>()
    .route('/', metaRoutes(deps))
    .route('/auth', authRoutes(deps))
    .route('/auth', sessionRoutes(deps))
    .route('/users/me', accountRoutes(deps))
    .route('/users', usersRoutes(deps))
    .route('/posts', postsRoutes(deps))
    .route('/posts', pollsRoutes(deps))
    .route('/tags', tagSuggestionsRoutes(deps))
    .route('/trending', trendingRoutes(deps))
    // Reposts and emoji reactions.
    .route('/posts', shareRoutes(deps))
    .route('/feed', feedRoutes(deps))
    .route('/comments', commentsRoutes(deps))
    .route('/media', mediaRoutes(deps))
    .route('/events', eventsRoutes(deps, events))
    .route('/notifications', notificationsRoutes(deps))
    .route('/', moderationRoutes(deps))
    .route('/search', searchRoutes(deps))
    // The host's server page.
    .route('/server', serverStatsRoutes(deps))
    // Presence and "now playing".
    .route('/me', meRoutes(deps, deps.presence))
    .route('/presence', presenceRoutes(deps, deps.presence))
    // Presence and the game list joined: who is playing a game now.
    .route('/', gamePlayingRoutes(deps, deps.presence))
    // Games
    .route('/', gamesRoutes(deps))
    // Conversations.
    .route('/conversations', conversationsRoutes(deps))
    .route('/conversations', conversationTalkRoutes(deps))
    // Game nights.
    .route('/game-nights', gameNightsRoutes(deps))
    .route('/drafts', draftsRoutes(deps))
    // Squad calls.
    .route('/squad-calls', squadCallsRoutes(deps))
    // The server's custom emoji.
    .route('/emoji', emojiRoutes(deps))
  app.route('/api', api)
  app.all('/api/*', () => {
    throw new HttpError('ROUTE_NOT_FOUND', MESSAGES.routeNotFound)
  })

  if (deps.rendererDir) serveRenderer(app, deps.rendererDir, deps.renderFirstScreen)

  app.notFound((c) =>
    c.json(
      { errors: [MESSAGES.routeNotFound], code: 'ROUTE_NOT_FOUND' } satisfies ErrorResponse,
      404,
    ),
  )
  app.onError((error, c) => {
    // Hono's own 400s (the validator's malformed JSON or form) are the API's INVALID_JSON.
    let refusal =
      error instanceof HTTPException && error.status === 400
        ? new HttpError('INVALID_JSON', MESSAGES.invalidJson)
        : error
    if (error instanceof StorageUnavailableError) {
      // The operator reads where and why; the client, that images are out of reach for now.
      log().error({ requestId: c.get('requestId') }, error.message)
      dependencyErrors.inc({ dependency: 'bucket' })
      refusal = serverBusy(MESSAGES.imageStorageUnavailable)
    }
    if (error instanceof DatabaseRefusal) {
      if (error.reason === 'unreachable') dependencyLost('database', postgresReason(error))
      // PostgreSQL out of reach or too contended (db/database-refusal.ts): passes by itself.
      refusal = serverBusy(
        error.reason === 'unreachable' ? MESSAGES.databaseUnreachable : MESSAGES.databaseContended,
      )
    }
    if (refusal instanceof HttpError) {
      const answer: ErrorResponse = {
        errors: [refusal.message],
        code: refusal.code,
        ...refusal.extra,
      }
      return c.json(answer, refusal.status, refusal.headers)
    }
    log().error(
      {
        err: error,
        requestId: c.get('requestId'),
        method: c.req.method,
        route: routePatternOf(c),
      },
      'unexpected error',
    )
    const answer: ServerErrorResponse = {
      error: { message: MESSAGES.unexpected },
      code: 'INTERNAL',
    }
    return c.json(answer, 500)
  })
  return app
}
