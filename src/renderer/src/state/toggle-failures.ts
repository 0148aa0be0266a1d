/**
 * How a toggle (like, bookmark, follow, vote, repost, reaction; toggles.ts) says it failed. The
 * control has already gone back to the server's last word; what is left is to say so, once.
 *
 * - The server could not be reached (no answer, or a timeout): the server banner already says so
 *   and stays up until it answers again, so one toast per outage says the clicks were not saved,
 *   however many controls fail meanwhile. The next outage says it again.
 * - The server failed (5xx, or an answer the app cannot use): its sentence, in one toast with a
 *   stable id, so a burst of failures does not stack a toast per control.
 * - Any other refusal (a post gone, too many requests, …) says its own sentence as before; one that
 *   ends the session is the API client's to tell (it signs out, and the toggle drops its answer).
 */
import { atom } from 'jotai'
import { ApiError } from '../api/client'
import { COPY } from '../copy'
import { messageOf, notifyError } from '../lib/notify'
import { reconnectCountAtom } from './server-status'

/**
 * The one toast of failed toggles: a new failure while it shows adds no other (its stable id). It
 * stays longer than the spec's 2 s client toasts: it says what became of several clicks.
 */
export const TOGGLE_FAILED_TOAST = { toastId: 'toggle-not-saved', autoClose: 5000 } as const

/** No answer from the server: the API client's ApiError of status 0 (fetch failed or timed out). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0
}

/** The server answered, but failed: a 5xx, or an answer that fails its check (a 502). */
export function isServerFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500
}

/** The outage (reconnectCountAtom's value during it) whose failed toggles were already told. */
const toldOutageAtom = atom<number | null>(null)

export const resetToggleFailuresAtom = atom(null, (_get, set) => set(toldOutageAtom, null))

/** Tells the viewer a toggle's request failed and the control is back as the server has it. */
export const sayToggleFailedAtom = atom(null, (get, set, error: unknown) => {
  if (isUnreachable(error)) {
    // Counted from the server's last return: the same number means the same outage.
    const outage = get(reconnectCountAtom)
    if (get(toldOutageAtom) === outage) return
    set(toldOutageAtom, outage)
    notifyError(COPY.errors.toggleNotSaved, TOGGLE_FAILED_TOAST)
    return
  }
  if (isServerFailure(error)) {
    notifyError(messageOf(error), TOGGLE_FAILED_TOAST)
    return
  }
  notifyError(messageOf(error))
})
