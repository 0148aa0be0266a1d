/**
 * Which game nights are on now ("Starting now" on Home and in Who's here): started, not over and
 * not cancelled. A closed night (no new answers) still takes place. Calls no server.
 */
import type { GameNightShared } from '../../../shared/game-night-types'

type Timed = Pick<GameNightShared, 'startsAt' | 'durationMinutes' | 'status'>

/** When the night ends (milliseconds), or NaN for a start that is no date. */
export const endOfNight = (night: Timed) =>
  Date.parse(night.startsAt) + night.durationMinutes * 60_000

/** The night has started, is not over, and is not cancelled. */
export function isOnNow(night: Timed, now: number): boolean {
  const start = Date.parse(night.startsAt)
  return night.status !== 'cancelled' && start <= now && now < endOfNight(night)
}

/** The nights on now, those that started first first. */
export function nightsOnNow<Night extends Timed>(nights: readonly Night[], now: number): Night[] {
  return nights
    .filter((night) => isOnNow(night, now))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
}

/**
 * Milliseconds until the list of nights on now changes by itself (a start or an end passes), or
 * null when nothing ahead changes it; at most a day, as a timer waits no longer.
 */
export function nextChangeIn(nights: readonly Timed[], now: number): number | null {
  let next = Number.POSITIVE_INFINITY
  for (const night of nights) {
    if (night.status === 'cancelled') continue
    for (const at of [Date.parse(night.startsAt), endOfNight(night)]) {
      if (at > now && at < next) next = at
    }
  }
  return Number.isFinite(next) ? Math.min(next - now, 86_400_000) : null
}
