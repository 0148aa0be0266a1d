/**
 * A game night as an iCalendar file (`GET /api/game-nights/:id/ics`, docs/API.md "Game nights"),
 * for a calendar app to add: made with ical-generator rather than by hand (escaping, line folding
 * and UTC times are its job). The start is an instant (UTC), so every calendar shows it in its
 * own zone; a cancelled night is `STATUS:CANCELLED`, so a calendar that had it can drop it.
 */
import type { GameNightShared } from '../../../shared/game-night-types'

/**
 * The file's text for `night`, whose page is at `pageUrl`. The library is loaded on the first
 * download, not with the server: most runs never make a file.
 */
export async function gameNightIcs(
  night: GameNightShared,
  pageUrl: string,
  host: string,
): Promise<string> {
  const { default: ical, ICalEventStatus } = await import('ical-generator')
  const start = new Date(night.startsAt)
  const calendar = ical({
    name: 'Gamerstage game nights',
    prodId: { company: 'Gamerstage', product: 'game nights' },
  })
  calendar.createEvent({
    // One id per night and server: a second download updates the calendar's copy.
    id: `game-night-${night._id}@${host}`,
    start,
    end: new Date(start.getTime() + night.durationMinutes * 60_000),
    summary: night.title,
    description: `${night.game.name}, hosted by @${night.host.username}. ${pageUrl}`,
    location: night.place,
    url: pageUrl,
    status: night.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
  return calendar.toString()
}
