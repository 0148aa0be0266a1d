import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  configureApi,
  isMissingCall,
  prefetch,
  request,
} from '../../src/renderer/src/api/client'
import { getFeed, likePost } from '../../src/renderer/src/api/posts'
import { resolveMediaUrl } from '../../src/renderer/src/lib/addresses'
import { postOf } from './answer-fixtures'
import { jsonResponse } from './fake-server'

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>()
  let token: string | null = null
  const onUnauthorized = vi.fn()

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    token = null
    configureApi({ baseUrl: 'http://lan-box:4567/', getToken: () => token, onUnauthorized })
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockReset()
    onUnauthorized.mockReset()
  })

  it('calls the base url under /api and parses JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ok' }))
    await expect(request('/health')).resolves.toEqual({ status: 'ok' })
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://lan-box:4567/api/health')
  })

  it('sends the raw token in the authorization header', async () => {
    token = 'abc.def.ghi'
    fetchMock.mockResolvedValue(jsonResponse(200, {}))
    await request('/feed')
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>
    expect(headers.authorization).toBe('abc.def.ghi')
  })

  it('asks for minimal answers on mutations', async () => {
    token = 't'
    fetchMock.mockResolvedValue(jsonResponse(200, { post: postOf('1') }))
    await likePost('1')
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('http://lan-box:4567/api/posts/like/1')
    expect(init?.method).toBe('POST')
    expect((init?.headers as Record<string, string>).prefer).toBe('return=minimal')
  })

  it('drops empty query values and keeps the rest', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { posts: [], nextCursor: null }))
    await request('/posts', { query: { limit: 20, cursor: null, sort: undefined, q: '' } })
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://lan-box:4567/api/posts?limit=20')
  })

  it('throws ApiError with the status, errors[0] and the code', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        errors: ['Cannot like a post that is already liked. ', 'other'],
        code: 'STATE_CONFLICT',
      }),
    )
    const error = await request('/posts/like/1', { method: 'POST' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).message).toBe('Cannot like a post that is already liked. ')
    expect((error as ApiError).code).toBe('STATE_CONFLICT')
  })

  it('reads the message of a 500 answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { error: { message: 'Database is busy' } }))
    await expect(request('/posts')).rejects.toThrow('Database is busy')
  })

  it('gives a clear message when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(request('/posts')).rejects.toMatchObject({ status: 0 })
  })

  it('reports a refused token only for authenticated calls', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(401, { errors: ['The credentials you entered are invalid.'] })),
    )
    await expect(request('/auth/login', { method: 'POST', body: {} })).rejects.toThrow(
      'The credentials you entered are invalid.',
    )
    expect(onUnauthorized).not.toHaveBeenCalled()
    token = 'expired'
    await expect(request('/feed')).rejects.toThrow()
    expect(onUnauthorized).toHaveBeenCalledOnce()
  })

  it('resolves server-relative media urls against the base url', () => {
    expect(resolveMediaUrl('/api/media/abc_DEF-123abcde')).toBe(
      'http://lan-box:4567/api/media/abc_DEF-123abcde',
    )
    expect(resolveMediaUrl('/api/media/default-avatar.svg')).toBe(
      'http://lan-box:4567/api/media/default-avatar.svg',
    )
    expect(resolveMediaUrl('')).toBeNull()
  })

  it.each([
    'https://cdn.example/x.png',
    'http://192.168.1.1/reboot',
    '//evil.example/x.png',
    '/api/media/../users',
    'javascript:alert(1)',
  ])('shows the default picture instead of the outside or odd address %j', (url) => {
    expect(resolveMediaUrl(url)).toBeNull()
  })
})

describe('api client: server and session events', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const onUnauthorized = vi.fn()
  const onNetworkError = vi.fn()
  const onReachable = vi.fn()
  let base = 'http://first:4567'

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    configureApi({
      getBaseUrl: () => base,
      getToken: () => 'token',
      onUnauthorized,
      onNetworkError,
      onReachable,
    })
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
    fetchMock.mockReset()
    base = 'http://first:4567'
  })

  it('follows a change of server from one call to the next', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, {})))
    await request('/feed')
    base = 'http://second:4567/'
    await request('/feed')
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      'http://first:4567/api/feed',
      'http://second:4567/api/feed',
    ])
    expect(resolveMediaUrl('/api/media/abc_DEF-123abcde')).toBe(
      'http://second:4567/api/media/abc_DEF-123abcde',
    )
  })

  it('reports a network failure with the server it tried, and any answer as reachable', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(request('/feed')).rejects.toMatchObject({ status: 0 })
    expect(onNetworkError).toHaveBeenCalledWith('http://first:4567')
    expect(onReachable).not.toHaveBeenCalled()
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: { message: 'busy' } }))
    await expect(request('/feed')).rejects.toThrow('busy')
    expect(onReachable).toHaveBeenCalledOnce()
  })

  it('does not treat a cancelled call as a network failure', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'))
    await expect(request('/users')).rejects.toThrow('aborted')
    expect(onNetworkError).not.toHaveBeenCalled()
  })

  const unknownUser = 'The username you entered is not Registered. Not Found error'
  it.each([
    [401, 'The token is invalid. Unauthorized access error.', 'INVALID_TOKEN', true],
    [404, unknownUser, 'UNKNOWN_USER', true],
    // The same sentence from a login is not about the session: the code decides.
    [404, unknownUser, 'NOT_REGISTERED', false],
    [401, 'The credentials you entered are invalid.', 'INVALID_CREDENTIALS', false],
    [404, 'Post not found.', 'POST_NOT_FOUND', false],
    [403, 'Only the host of this server can do that.', 'HOST_ONLY', false],
    // A server older than codes: its 401 still ends the session; no sentence is read.
    [401, 'The token is invalid. Unauthorized access error.', undefined, true],
    [404, unknownUser, undefined, false],
    // A code this app does not know is no code: the status alone decides.
    [404, unknownUser, 'SOMETHING_NEW', false],
  ])('on %i "%s" with code %s ends the session: %s', async (status, message, code, ends) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(status, { errors: [message], code }))
    const error = await request('/feed').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status,
      message,
      code: code === 'SOMETHING_NEW' ? null : (code ?? null),
    })
    const end = code === 'UNKNOWN_USER' ? 'account-gone' : 'ended'
    if (ends) expect(onUnauthorized).toHaveBeenCalledWith(message, end)
    else expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it.each([
    ['password-changed', 'password-changed'],
    ['suspended', 'suspended'],
    ['logged-out', 'logged-out'],
    ['expired', 'expired'],
    ['demo-shared', 'demo-shared'],
    // A reason this app does not know, or none (an older server): the session just ended.
    ['something-new', 'ended'],
    [undefined, 'ended'],
  ])('hands on why the session ended: reason %s is %s', async (reason, end) => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, {
        errors: ['The token is invalid. Unauthorized access error.'],
        code: 'INVALID_TOKEN',
        reason,
      }),
    )
    await expect(request('/feed')).rejects.toMatchObject({ status: 401, code: 'INVALID_TOKEN' })
    expect(onUnauthorized).toHaveBeenCalledWith(
      'The token is invalid. Unauthorized access error.',
      end,
    )
  })
})

describe('prefetch', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const server = { baseUrl: 'http://lan-box:4567/', token: 'tok' }
  const feedPage = { posts: [postOf('1')], nextCursor: null }

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    configureApi({ baseUrl: 'http://lan-box:4567', getToken: () => 'tok' })
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    fetchMock.mockReset()
  })

  // prefetch-home.ts asks for the feed this way; getFeed must read that answer, not ask again.
  it('is read by the next call of the same address and token, once', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, feedPage))
    prefetch(server, '/feed', { limit: 20 })
    expect(fetchMock).toHaveBeenCalledOnce()
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://lan-box:4567/api/feed?limit=20')
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).authorization).toBe(
      'tok',
    )

    await expect(getFeed()).resolves.toMatchObject({ posts: [{ _id: '1' }], nextCursor: null })
    expect(fetchMock).toHaveBeenCalledOnce()

    // Taken once: the next call asks the server.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { posts: [], nextCursor: null }))
    await expect(getFeed()).resolves.toEqual({ posts: [], nextCursor: null })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('is not read with another token, address or method', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        jsonResponse(200, String(url).includes('/like/') ? { post: postOf('1') } : feedPage),
      ),
    )
    prefetch({ ...server, token: 'someone-else' }, '/feed', { limit: 20 })
    prefetch(server, '/feed', { limit: 50 })
    prefetch(server, '/posts/like/1')
    await getFeed()
    await likePost('1')
    expect(fetchMock).toHaveBeenCalledTimes(5)
    expect(fetchMock.mock.calls[4]?.[1]?.method).toBe('POST')
  })

  it('is not read once it is too old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, feedPage)))
    prefetch(server, '/feed', { limit: 20 })
    vi.setSystemTime(Date.now() + 11_000)
    await getFeed()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('fails the call that reads it as a network failure, and checks its answer', async () => {
    const onNetworkError = vi.fn()
    configureApi({ onNetworkError })
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    prefetch(server, '/feed', { limit: 20 })
    await expect(getFeed()).rejects.toMatchObject({ status: 0 })
    expect(onNetworkError).toHaveBeenCalledWith('http://lan-box:4567')

    // A hostile answer fails its check the same way as a fetched one.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { posts: 'nope' }))
    prefetch(server, '/feed', { limit: 20 })
    await expect(getFeed()).rejects.toMatchObject({ status: 502 })
  })
})

describe('isMissingCall', () => {
  it.each([
    [new ApiError(404, 'No such API route.', { code: 'ROUTE_NOT_FOUND' }), true],
    // A server older than codes: its 404 alone says the call is missing.
    [new ApiError(404, 'No such API route.'), true],
    [
      new ApiError(404, 'The username you entered is not Registered. Not Found error', {
        code: 'UNKNOWN_USER',
      }),
      false,
    ],
    [new ApiError(404, 'Post not found.', { code: 'POST_NOT_FOUND' }), false],
    [new ApiError(0, 'Cannot reach the server. Check your connection.'), false],
    [new Error('No such API route.'), false],
  ])('%s is a missing call: %s', (error, missing) => {
    expect(isMissingCall(error)).toBe(missing)
  })
})
