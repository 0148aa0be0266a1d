import { atom } from 'jotai'

/**
 * The live event stream's state (live/stream.ts): `off` while signed out (or on a server without
 * the stream), `connecting` until the first `ready`, `live`, and `dropped` from a lost connection
 * until a reconnect is live again.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'dropped'

export const liveStatusAtom = atom<LiveStatus>('off')

/**
 * What the server banner says of the stream: `dropped` once a drop outlasted its grace period
 * (a brief blip says nothing), then `back` for a moment once it is live again.
 */
export type LiveNotice = 'none' | 'dropped' | 'back'

export const liveNoticeAtom = atom<LiveNotice>('none')

/**
 * Bumped when the stream could not replay what it missed (a `reset` event, or a reconnect with
 * nothing to resume from): the screens on display fetch their data again (useLiveResync).
 */
export const liveResyncAtom = atom(0)
