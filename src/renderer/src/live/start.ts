/**
 * Runs the live stream for the app's store: one stream while signed in, stopped on sign-out,
 * started again on sign-in and on a change of server (or token). Loaded after the first screen
 * (main.tsx), so none of it weighs on the first load.
 */
import type { createStore } from 'jotai'
import { getSession } from '../api/account'
import { refreshSessionAtom } from '../state/account'
import { apiUrl, getBaseUrl } from '../api/client'
import { earliestLiveEventMark, liveMarkScope, onLiveEventMark } from './marks'
import { tokenAtom, userAtom } from '../state/auth'
import { connectionAtom } from '../state/connection'
import { liveNoticeAtom, liveStatusAtom } from './status'
import type { LiveStatus } from './status'
import { markServerReachableAtom, markServerUnreachableAtom } from '../state/server-status'
import { publishLiveEvent } from './bus'
import type { LiveEventType } from '../../../shared/api-types'
import { connectLiveState } from './merge'
import { LiveStream } from './stream'
import type { LiveStreamOptions } from './stream'

type Store = ReturnType<typeof createStore>

/** A drop shorter than this (a blip, a server restart) shows no banner. */
export const DROP_GRACE_MS = 5000
/** How long "Live updates are back" stays up. */
export const BACK_NOTICE_MS = 4000

/**
 * Turns the stream's status into the banner's notice (status.ts): `dropped` only once a drop
 * outlasts DROP_GRACE_MS, then `back` for BACK_NOTICE_MS when it is live again.
 */
export function trackLiveNotice(store: Store): (status: LiveStatus) => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const later = (ms: number, then: () => void) => {
    clearTimeout(timer)
    timer = setTimeout(then, ms)
  }
  return (status) => {
    store.set(liveStatusAtom, status)
    const notice = store.get(liveNoticeAtom)
    if (status === 'dropped') {
      if (notice !== 'dropped' && timer === undefined) {
        later(DROP_GRACE_MS, () => {
          timer = undefined
          store.set(liveNoticeAtom, 'dropped')
        })
      }
      return
    }
    clearTimeout(timer)
    timer = undefined
    if (status === 'live' && notice === 'dropped') {
      store.set(liveNoticeAtom, 'back')
      later(BACK_NOTICE_MS, () => {
        timer = undefined
        store.set(liveNoticeAtom, 'none')
      })
    } else if (status !== 'live' || notice !== 'back') {
      store.set(liveNoticeAtom, 'none')
    }
  }
}

/** Starts following the session; the answer stops everything. */
export function startLive(
  store: Store,
  streamOptions: Pick<LiveStreamOptions, 'fetch'> = {},
): () => void {
  const disconnectState = connectLiveState(store)
  const notice = trackLiveNotice(store)
  const onStatus = (status: LiveStatus) => {
    // For people and tools inspecting the page (the e2e tests wait for "live").
    document.documentElement.dataset.live = status
    notice(status)
  }
  let stream: LiveStream | null = null
  let current: { baseUrl: string; token: string; userId: string; markScope: string } | null = null

  const sync = () => {
    const token = store.get(tokenAtom)
    const userId = store.get(userAtom)?._id
    const baseUrl = store.get(connectionAtom).baseUrl
    if (current?.token === token && current.baseUrl === baseUrl && current.userId === userId) return
    // The same user on the same server with a new token (a password change): resume, miss nothing.
    const resume =
      current && current.baseUrl === baseUrl && current.userId === userId
        ? stream?.lastEventId
        : null
    const ending = stream
    stream = null
    ending?.stop()
    current =
      token && userId
        ? { baseUrl, token, userId, markScope: liveMarkScope(getBaseUrl(), token) }
        : null
    if (!current) return
    stream = new LiveStream({
      ...streamOptions,
      url: apiUrl('/events'),
      token: current.token,
      // Else from the earliest answer already read with this token (docs/API.md "Live events"),
      // so what changed since the screens loaded is replayed.
      lastEventId: resume ?? earliestLiveEventMark(current.markScope)?.id ?? null,
      publish: (type, data, id) => publishLiveEvent(type as LiveEventType, data as never, id),
      onStatus,
      // Through the API client, which ends a dead session the way every other call does.
      onUnauthorized: () => void getSession().catch(() => undefined),
      // A server without the stream never sends `ready`, which is when the session is taken from
      // the server (merge.ts): take it once here instead, so storage still only paints a frame.
      onUnsupported: () => void store.set(refreshSessionAtom),
      onReachable: () => store.set(markServerReachableAtom),
      onUnreachable: () => store.set(markServerUnreachableAtom, baseUrl),
    })
    stream.start()
  }

  const unsubscribes = [
    // A read older than what the stream covers makes it go back (LiveStream.noteRead).
    onLiveEventMark((scope, mark) => {
      if (stream && scope === current?.markScope) stream.noteRead(mark.id)
    }),
    store.sub(tokenAtom, sync),
    store.sub(connectionAtom, sync),
    store.sub(userAtom, sync),
  ]
  sync()
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe()
    const ending = stream
    stream = null
    ending?.stop()
    disconnectState()
  }
}
