/** Game nights (docs/API.md, "Game nights"): thin typed calls, as every api/ module. */
import type {
  GameNightResponse,
  GameNightRsvpChoice,
  GameNightStatus,
  GameNightsPage,
} from '../../../shared/game-night-types'
import { apiUrl, ApiError, getToken, request } from './client'

const enc = encodeURIComponent

/** What the form sends: a start as an instant with its offset. */
export interface GameNightFields {
  game: string
  title: string
  startsAt: string
  durationMinutes: number
  place: string | null
  slots: number | null
}

export function listGameNights(
  query: {
    when: 'upcoming' | 'past'
    game?: string
    with?: string
    cursor?: string | null
    limit?: number
  },
  signal?: AbortSignal,
): Promise<GameNightsPage> {
  return request<GameNightsPage>('/game-nights', {
    query: {
      when: query.when,
      game: query.game,
      with: query.with,
      cursor: query.cursor ?? undefined,
      limit: query.limit ?? 20,
    },
    signal,
    answer: 'gameNightsPage',
  })
}

export function getGameNight(id: string, signal?: AbortSignal): Promise<GameNightResponse> {
  return request<GameNightResponse>(`/game-nights/${enc(id)}`, { signal, answer: 'gameNight' })
}

export function createGameNight(fields: GameNightFields): Promise<GameNightResponse> {
  return request<GameNightResponse>('/game-nights', {
    method: 'POST',
    body: fields,
    answer: 'gameNight',
  })
}

export function editGameNight(
  id: string,
  fields: Partial<GameNightFields> & { status?: GameNightStatus },
): Promise<GameNightResponse> {
  return request<GameNightResponse>(`/game-nights/${enc(id)}`, {
    method: 'PATCH',
    body: fields,
    answer: 'gameNight',
  })
}

export function answerGameNight(
  id: string,
  answer: GameNightRsvpChoice,
): Promise<GameNightResponse> {
  return request<GameNightResponse>(`/game-nights/${enc(id)}/rsvp`, {
    method: 'PUT',
    body: { answer },
    answer: 'gameNight',
  })
}

/** The night's calendar file (`.ics`), as the server makes it, for the browser to save. */
export async function getGameNightCalendarFile(id: string): Promise<Blob> {
  const token = getToken()
  const response = await fetch(apiUrl(`/game-nights/${enc(id)}/ics`), {
    headers: token ? { authorization: token } : {},
  })
  if (!response.ok) throw new ApiError(response.status, 'The calendar file could not be made.')
  return response.blob()
}
