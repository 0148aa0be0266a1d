import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useAttachments } from '../../src/renderer/src/state/attachments'
import { fakeFriendServer, jsonResponse } from './fake-server'
import { SCREENS_COPY } from '../../src/renderer/src/copy-screens'

const MEGABYTE = 1024 * 1024

/** A file of `size` bytes that claims `type`, without holding them all in memory twice. */
function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

describe('useAttachments and the host clip limit', () => {
  const fetchMock = fakeFriendServer()
  afterEach(cleanup)

  it('refuses an oversized clip by name even when it is picked before the limit is known', async () => {
    let answerLimit: (response: Response) => void = () => {}
    fetchMock.mockImplementation((input) =>
      String(input).endsWith('/api/media/clip-limit')
        ? new Promise<Response>((resolve) => (answerLimit = resolve))
        : Promise.reject(new Error(`no upload expected: ${String(input)}`)),
    )
    const { result } = renderHook(() => useAttachments({ clips: true }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))

    act(() => result.current.add([fileOf('ace-clutch.mp4', 'video/mp4', 60 * MEGABYTE)]))
    expect(result.current.items).toEqual([])
    await act(async () => answerLimit(jsonResponse(200, { maxBytes: 50 * MEGABYTE })))

    await waitFor(() =>
      expect(result.current.notice).toBe(
        SCREENS_COPY.attachments.clipTooLarge('ace-clutch.mp4', '50 MB'),
      ),
    )
    expect(result.current.items).toEqual([])
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('keeps the order of picks made while the limit is read', async () => {
    let answerLimit: (response: Response) => void = () => {}
    fetchMock.mockImplementation((input) =>
      String(input).endsWith('/api/media/clip-limit')
        ? new Promise<Response>((resolve) => (answerLimit = resolve))
        : new Promise<Response>(() => {}),
    )
    const { result } = renderHook(() => useAttachments({ clips: true }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))

    act(() => result.current.add([fileOf('short.webm', 'video/webm', 2 * MEGABYTE)]))
    act(() => result.current.add([fileOf('map.png', 'image/png', 1000)]))
    await act(async () => answerLimit(jsonResponse(200, { maxBytes: 50 * MEGABYTE })))

    await waitFor(() =>
      expect(result.current.items.map((item) => item.name)).toEqual(['short.webm', 'map.png']),
    )
    expect(result.current.notice).toBeNull()
  })
})
