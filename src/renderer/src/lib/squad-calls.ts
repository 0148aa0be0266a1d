/**
 * Squad calls' logic that calls no server: which calls a list keeps as they change, and the
 * words of how many are missing and how long is left.
 */
import type { SquadCall } from '../../../shared/squad-call-types'

/**
 * The list with `call` as it is now: an open call is put first when new, or in its place; a full
 * one stays for its players and creator (it leads to their chat); any other leaves the list.
 * `game` narrows the list to one game's calls.
 */
export function mergeSquadCall(list: SquadCall[], call: SquadCall, game?: string): SquadCall[] {
  const keeps =
    (!game || call.game.slug === game) &&
    (call.status === 'open' || (call.status === 'full' && (call.joined || call.isCreator)))
  const at = list.findIndex((one) => one._id === call._id)
  if (!keeps) return at === -1 ? list : list.filter((one) => one._id !== call._id)
  if (at === -1) return call.status === 'open' ? [call, ...list] : list
  return list.map((one) => (one._id === call._id ? call : one))
}

/** The list without the call (gone from the viewer's sight). */
export const withoutSquadCall = (list: SquadCall[], id: string) =>
  list.filter((one) => one._id !== id)

/** How many places are still free. */
export const placesLeft = (call: Pick<SquadCall, 'needed' | 'joinedCount'>) =>
  Math.max(call.needed - call.joinedCount, 0)

/** "Need 2 more", "Need 1 more". */
export const neededLine = (call: Pick<SquadCall, 'needed' | 'joinedCount'>) =>
  `Need ${placesLeft(call)} more`

/** "45 min left", "1 h 20 min left", "1 h left", "Ending now" (under a minute). */
export function timeLeft(expiresAt: string, now: number): string {
  const minutes = Math.floor((Date.parse(expiresAt) - now) / 60_000)
  if (!(minutes >= 1)) return 'Ending now'
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min left`
  return rest === 0 ? `${hours} h left` : `${hours} h ${rest} min left`
}

/** The expiry choices' words (minutes → "1 hour"). */
export function expiryWord(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`
  const hours = minutes / 60
  return hours === 1 ? '1 hour' : `${hours} hours`
}
