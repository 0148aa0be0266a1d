/**
 * Toggles that queue and coalesce (like, bookmark, follow, comment votes): docs/decisions.md.
 *
 * The store keeps only what the server said (answers and live events). A click records what the
 * control is meant to show (its intent) and the views draw the intent over the server's state, so
 * the control changes at once. Per control at most one request is in flight; when it returns and
 * the intent has changed meanwhile, the next request goes out, so a burst of clicks ends in the
 * state of the last one. A failure drops the intent, which shows the server's last confirmed
 * state, whatever changed since the click (never a snapshot taken before it): the pressed state
 * and the count the views draw from it go back together. It says why, once for a whole outage of
 * the server (toggle-failures.ts). A refusal as ALREADY_DONE is no failure: the server already is
 * where the click asked (another device of the user got there first), and the store takes that as
 * the server's state.
 */
import { atom } from 'jotai'
import type { Getter, Setter, WritableAtom } from 'jotai'
import { isAlreadyDone } from '../api/client'
import { resetToggleFailuresAtom, sayToggleFailedAtom } from './toggle-failures'

/** What each control with work in progress is meant to show, by control key. */
export const intentsAtom = atom<Readonly<Record<string, unknown>>>({})
/** Controls with a request in flight. */
const inFlightAtom = atom<ReadonlySet<string>>(new Set<string>())
/** Bumped on sign-out: answers to requests of an earlier session are dropped. */
const generationAtom = atom(0)
/**
 * How many live events arrived about a thing, by key (e.g. one's own like of a post). A request's
 * answer whose change the stream has already brought is older than, or as old as, what the stream
 * says: its counts must not overwrite the stream's.
 */
export const echoesAtom = atom<Readonly<Record<string, number>>>({})
/** Keys kept in `echoesAtom`: enough for the requests in flight, bounded over a long session. */
const ECHO_KEYS_KEPT = 500

export const noteEchoAtom = atom(null, (get, set, key: string) => {
  // The newest last, so the oldest go first once there are too many.
  const others = Object.entries(get(echoesAtom)).filter(([other]) => other !== key)
  const count = (get(echoesAtom)[key] ?? 0) + 1
  set(echoesAtom, Object.fromEntries([...others.slice(-(ECHO_KEYS_KEPT - 1)), [key, count]]))
})

export function echoCount(get: Getter, key: string): number {
  return get(echoesAtom)[key] ?? 0
}

/** `base` with the intents of the controls whose key is `prefix` + an element drawn over it. */
export function withIntents(
  get: Getter,
  base: ReadonlySet<string>,
  prefix: string,
): ReadonlySet<string> {
  let shown: Set<string> | null = null
  for (const [key, on] of Object.entries(get(intentsAtom))) {
    if (!key.startsWith(prefix)) continue
    const item = key.slice(prefix.length)
    if (Boolean(on) === base.has(item)) continue
    shown ??= new Set(base)
    if (on) shown.add(item)
    else shown.delete(item)
  }
  return shown ?? base
}

/** The value a control is meant to show, when it has work in progress. */
export function intentOf<Value>(get: Getter, key: string): Value | undefined {
  return get(intentsAtom)[key] as Value | undefined
}

export const resetTogglesAtom = atom(null, (get, set) => {
  set(intentsAtom, {})
  set(echoesAtom, {})
  set(generationAtom, get(generationAtom) + 1)
  set(resetToggleFailuresAtom)
})

export interface ToggleSpec<Target, Value, Answer> {
  /** Names one control, e.g. `like:<postId>`. */
  key: (target: Target) => string
  /** The server's last confirmed value, from the store. */
  confirmed: (get: Getter, target: Target) => Value
  send: (target: Target, value: Value) => Promise<Answer>
  /**
   * Stores the server's answer to `value`. `echoed`: the live stream already brought this change,
   * and what it said since is at least as fresh as the answer's counts.
   */
  accept: (
    get: Getter,
    set: Setter,
    done: { target: Target; value: Value; answer: Answer; echoed: boolean },
  ) => void
  /**
   * Stores `value` as the server's: the call was refused because it already was so (ALREADY_DONE,
   * docs/API.md "Error codes"). There is no answer: only the viewer's own state is known to be news.
   */
  already: (get: Getter, set: Setter, done: { target: Target; value: Value }) => void
}

export type ToggleAtom<Target, Value> = WritableAtom<
  null,
  [target: Target, next: Value | ((shown: Value) => Value)],
  Promise<void>
>

function setIntent(get: Getter, set: Setter, key: string, value: unknown) {
  const others = Object.entries(get(intentsAtom)).filter(([other]) => other !== key)
  set(intentsAtom, Object.fromEntries(value === undefined ? others : [...others, [key, value]]))
}

/**
 * A write atom for one kind of toggle: `set(toggle, target, value)` or, to flip what the control
 * shows now, `set(toggle, target, (shown) => !shown)`. Resolves when the control has settled.
 */
export function createToggle<Target, Value, Answer>(
  spec: ToggleSpec<Target, Value, Answer>,
): ToggleAtom<Target, Value> {
  return atom(null, async (get, set, target: Target, next: Value | ((shown: Value) => Value)) => {
    const key = spec.key(target)
    const shown = intentOf<Value>(get, key) ?? spec.confirmed(get, target)
    const value = typeof next === 'function' ? (next as (shown: Value) => Value)(shown) : next
    setIntent(get, set, key, value)
    // The request in flight picks the new intent up when it returns.
    if (get(inFlightAtom).has(key)) return
    set(inFlightAtom, new Set([...get(inFlightAtom), key]))
    const generation = get(generationAtom)
    try {
      for (;;) {
        const intended = intentOf<Value>(get, key)
        if (intended === undefined || Object.is(intended, spec.confirmed(get, target))) break
        const echoesBefore = echoCount(get, key)
        let outcome: { answer: Answer } | 'already'
        try {
          outcome = { answer: await spec.send(target, intended) }
        } catch (error) {
          if (generation !== get(generationAtom)) return
          if (!isAlreadyDone(error)) {
            // The finally below drops the intent: the pressed state and the count the views
            // draw from it go back together, to the server's last word.
            set(sayToggleFailedAtom, error)
            break
          }
          outcome = 'already'
        }
        if (generation !== get(generationAtom)) return
        if (outcome === 'already') {
          spec.already(get, set, { target, value: intended })
        } else {
          const echoed = echoCount(get, key) > echoesBefore
          spec.accept(get, set, { target, value: intended, answer: outcome.answer, echoed })
        }
        // Unchanged since it was sent: done, whatever the answer said.
        if (Object.is(intentOf(get, key), intended)) break
      }
    } finally {
      const inFlight = new Set(get(inFlightAtom))
      inFlight.delete(key)
      set(inFlightAtom, inFlight)
      if (generation === get(generationAtom)) setIntent(get, set, key, undefined)
    }
  })
}
