/**
 * The desktop detection's status calls go to the presence module's
 * real routes with the real shapes (`PUT /api/me/status` with a body `statusSchema` accepts,
 * `DELETE /api/me/status`), and read their real answers.
 */
import { describe, expect, it } from 'vitest'
import { statusSchema } from '../../src/shared/presence-schemas'
import { clearStatus, setStatus } from '../../src/renderer/src/api/status'
import { createDetectedStatusSync } from '../../src/renderer/src/state/game-detection'
import { fakeFriendServer, jsonResponse } from './fake-server'

const fetchMock = fakeFriendServer()

const detected = {
  game: 'Counter-Strike 2',
  gameSlug: 'counterstrike2',
  note: '',
  since: '2025-01-01T10:00:00.000Z',
  expiresAt: '2025-01-01T12:00:00.000Z',
  source: 'detected' as const,
}

describe('detection → status', () => {
  it('sets and clears through PUT and DELETE /api/me/status with bodies the server accepts', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { status: detected }))
      .mockResolvedValueOnce(jsonResponse(200, { status: null }))
    const sync = createDetectedStatusSync({ setStatus, clearStatus })
    await sync.onDetected('Counter-Strike 2')
    await sync.onDetected(null)

    expect(fetchMock).toHaveBeenCalledTimes(2)
    const [putUrl, putInit] = fetchMock.mock.calls[0] ?? []
    expect(String(putUrl)).toBe('http://friend:4567/api/me/status')
    expect(putInit?.method).toBe('PUT')
    const body: unknown = JSON.parse(String(putInit?.body))
    expect(body).toEqual({ game: 'Counter-Strike 2', source: 'detected', expiresIn: '2h' })
    // The very schema the route validates with takes it as sent.
    expect(statusSchema.parse(body)).toEqual(body)

    const [deleteUrl, deleteInit] = fetchMock.mock.calls[1] ?? []
    expect(String(deleteUrl)).toBe('http://friend:4567/api/me/status')
    expect(deleteInit?.method).toBe('DELETE')
  })

  it('answers the saved status, as the server sends it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: detected }))
    await expect(
      setStatus({ game: 'Counter-Strike 2', source: 'detected', expiresIn: '2h' }),
    ).resolves.toEqual({ status: detected })
  })
})
