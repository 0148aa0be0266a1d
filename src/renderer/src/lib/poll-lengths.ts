/**
 * How long a poll may run, by what the server supports (docs/API.md "Polls"): a server of issue 44
 * (`poll-changes`) takes `durationMinutes` from 5 minutes; an older one takes `durationHours`
 * (1 hour to 7 days) only. The composer holds minutes either way and sends what the server reads.
 */
import {
  POLL_DURATIONS_HOURS,
  POLL_DURATIONS_MINUTES,
  type PollDurationMinutes,
} from '../../../shared/limits'
import type { PollInputSent } from '../../../shared/schemas'

/** An older server's lengths, as minutes. */
const HOURS_AS_MINUTES = POLL_DURATIONS_HOURS.map((hours) => (hours * 60) as PollDurationMinutes)

/** The lengths the poll editor offers. */
export function pollLengths(minutesSupported: boolean): readonly PollDurationMinutes[] {
  return minutesSupported ? POLL_DURATIONS_MINUTES : HOURS_AS_MINUTES
}

/** The shortest offered length of at least `minutes` (the longest when none is). */
export function offeredLength(
  minutes: number,
  lengths: readonly PollDurationMinutes[],
): PollDurationMinutes {
  return lengths.find((length) => length >= minutes) ?? (lengths.at(-1) as PollDurationMinutes)
}

/** The length as the server reads it: minutes, or whole hours for an older server. */
export function lengthToSend(
  minutes: PollDurationMinutes,
  minutesSupported: boolean,
): Pick<PollInputSent, 'durationMinutes' | 'durationHours'> {
  if (minutesSupported) return { durationMinutes: minutes }
  const hours = offeredLength(minutes, HOURS_AS_MINUTES) / 60
  return { durationHours: hours as (typeof POLL_DURATIONS_HOURS)[number] }
}
