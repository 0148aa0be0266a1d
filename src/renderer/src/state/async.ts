import type { Getter, PrimitiveAtom, Setter } from 'jotai'
import { messageOf } from '../lib/notify'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/**
 * The one async-state shape of everything the renderer loads from the server (lists of posts and
 * comments, a post, a profile, suggestions, search results): each screen reads `status`,
 * `loaded` and `error` the same way, and one retry pass (server-status.ts) finds every failed load.
 */
export interface Loadable {
  status: LoadStatus
  /** True once an answer arrived, so a refresh or a failed retry keeps showing the old data. */
  loaded: boolean
  /** The sentence to show when the latest load failed, else null. */
  error: string | null
}

export const NOT_LOADED: Loadable = { status: 'idle', loaded: false, error: null }

/** The data of a loadable state, without its status fields. */
type DataOf<State extends Loadable> = Omit<State, keyof Loadable>

/**
 * Runs one load of a state: marks it loading, then stores what `apply` makes of the answer (ready)
 * or the failure's sentence (error, keeping the data). `read` and `write` reach the state where
 * it lives (a key of a record atom, or a whole atom); they run after the answer, so whatever
 * changed meanwhile (a live event, another page) is merged, not overwritten. An answer that lands
 * once `wanted` says no (the session it was for has ended) changes nothing. Answers whether the
 * load succeeded.
 */
export async function runLoad<State extends Loadable, Answer>(
  read: () => State,
  write: (state: State) => void,
  request: () => Promise<Answer>,
  apply: (current: State, answer: Answer) => DataOf<State>,
  wanted: () => boolean = () => true,
): Promise<boolean> {
  write({ ...read(), status: 'loading', error: null })
  try {
    const answer = await request()
    if (!wanted()) return false
    write({ ...read(), ...apply(read(), answer), status: 'ready', loaded: true, error: null })
    return true
  } catch (error) {
    if (wanted()) write({ ...read(), status: 'error', error: messageOf(error) })
    return false
  }
}

type Retry = (get: Getter, set: Setter) => void

const retries = new Set<Retry>()

/**
 * Joins the retry pass (retryFailedLoadsAtom, server-status.ts) with one kind of state: `retry`
 * loads again whatever of it failed. Each kind registers where it is defined, so one that loads
 * with its screen (the notification list) joins when that screen first loads, and the first load
 * does not carry it.
 */
export function retryWhenBack(retry: Retry): void {
  retries.add(retry)
}

/** Runs every registered retry (see retryWhenBack). */
export function retryFailedLoads(get: Getter, set: Setter): void {
  for (const retry of retries) retry(get, set)
}

/** Where a keyed loadable lives: under `key` in a record atom, `empty` until first written. */
export interface KeyedPlace<State extends Loadable> {
  record: PrimitiveAtom<Record<string, State>>
  key: string
  empty: State
}

/**
 * runLoad for a loadable kept by key (a post list, a post, a profile, a post's comments): only
 * its key of the record changes, and the rest of the record is read afresh at each write.
 */
export function runKeyedLoad<State extends Loadable, Answer>(
  get: Getter,
  set: Setter,
  { record, key, empty }: KeyedPlace<State>,
  request: () => Promise<Answer>,
  apply: (current: State, answer: Answer) => DataOf<State>,
): Promise<boolean> {
  return runLoad(
    () => get(record)[key] ?? empty,
    (state) => set(record, { ...get(record), [key]: state }),
    request,
    apply,
  )
}

/**
 * Whether a paged state needs this load: none is under way, and it is a `reset` or a page is
 * still to come.
 */
export function needsPageLoad(
  state: Loadable & { nextCursor: string | null },
  reset: boolean,
): boolean {
  return !isLoading(state) && (reset || !state.loaded || state.nextCursor !== null)
}

export function isLoading(state: Loadable): boolean {
  return state.status === 'loading'
}

export function hasFailed(state: Loadable): boolean {
  return state.status === 'error'
}
