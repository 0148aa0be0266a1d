/**
 * What a block (either way) or a suspension hides, the app shows nowhere. The post page
 * of a post the server answers POST_UNAVAILABLE for shows "This post isn't available to you" and
 * no comment box; a profile closed by a block (`blockRelation`) shows no posts, counts or Follow.
 */
import './state-mocks'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { Provider } from 'jotai'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as postsApi from '../../src/renderer/src/api/posts'
import * as usersApi from '../../src/renderer/src/api/users'
import * as commentsApi from '../../src/renderer/src/api/comments'
import { ApiError } from '../../src/renderer/src/api/client'
import { PostPage } from '../../src/renderer/src/routes/PostPage'
import { ProfilePage } from '../../src/renderer/src/routes/ProfilePage'
import { fakeFriendServer, jsonResponse } from './fake-server'
import { NOVA, post, signedInStore, userOf } from './state-fixtures'
import type { Store } from './state-fixtures'
import { SCREENS_COPY } from '../../src/renderer/src/copy-screens'

const fetchMock = fakeFriendServer()
let store: Store

beforeEach(() => {
  vi.resetAllMocks()
  // Whatever the mocked API modules do not answer (games, presence, features) is unknown here.
  fetchMock.mockImplementation(async () =>
    jsonResponse(404, { errors: ['Not found.'], code: 'ROUTE_NOT_FOUND' }),
  )
  store = signedInStore([])
  vi.mocked(commentsApi.listComments).mockResolvedValue({ comments: [], nextCursor: null })
})
afterEach(cleanup)

function show(path: string) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/post/:postId" element={<PostPage />} />
          <Route path="/profile/:username" element={<ProfilePage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  )
}

describe('a post hidden from the viewer', () => {
  it('shows the placeholder and no comment box when the server says it is not available', async () => {
    vi.mocked(postsApi.getPost).mockRejectedValue(
      new ApiError(403, 'This post isn’t available to you.', { code: 'POST_UNAVAILABLE' }),
    )
    show('/post/42')
    expect(await screen.findByText(SCREENS_COPY.post.unavailable)).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: SCREENS_COPY.post.writeComment })).toBeNull()
    expect(screen.queryByText('Comments')).toBeNull()
    // An answer, not a failure: no error to retry.
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the post and its comment box otherwise', async () => {
    vi.mocked(postsApi.getPost).mockResolvedValue({ post: post('42', NOVA) })
    show('/post/42')
    expect(
      await screen.findByRole('textbox', { name: SCREENS_COPY.post.writeComment }),
    ).toBeTruthy()
    expect(screen.queryByText(SCREENS_COPY.post.unavailable)).toBeNull()
  })

  it('shows the placeholder for a post answered withheld (`unavailable`)', async () => {
    const withheld = post('42', NOVA, { content: '', unavailable: true })
    vi.mocked(postsApi.getPost).mockResolvedValue({ post: withheld })
    show('/post/42')
    expect(await screen.findByText(SCREENS_COPY.post.unavailable)).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: SCREENS_COPY.post.writeComment })).toBeNull()
  })
})

describe('a profile closed by a block', () => {
  const closed = (blockRelation: 'blocking' | 'blocked-by') =>
    userOf(NOVA, {
      postCount: 0,
      followerCount: 0,
      followingCount: 0,
      blockRelation,
    })

  it('shows who they are but no posts, counts or Follow to the one blocked', async () => {
    vi.mocked(usersApi.getUser).mockResolvedValue({ user: closed('blocked-by') })
    show(`/profile/${NOVA.username}`)
    expect(await screen.findByText(SCREENS_COPY.profile.blockedYou)).toBeTruthy()
    expect(screen.getByRole('heading', { name: NOVA.username })).toBeTruthy()
    expect(screen.queryByText(/Posts?$/)).toBeNull()
    expect(screen.queryByText(/Followers?/)).toBeNull()
    expect(screen.queryByRole('button', { name: /follow/i })).toBeNull()
    expect(screen.queryByText(/No posts yet/)).toBeNull()
    expect(screen.queryByRole('button', { name: SCREENS_COPY.account.unblock })).toBeNull()
  })

  it('offers the blocker Unblock in place of the posts', async () => {
    vi.mocked(usersApi.getUser).mockResolvedValue({ user: closed('blocking') })
    show(`/profile/${NOVA.username}`)
    expect(await screen.findByText(SCREENS_COPY.profile.youBlocked)).toBeTruthy()
    expect(screen.getByRole('button', { name: SCREENS_COPY.account.unblock })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^follow/i })).toBeNull()
  })

  it('shows posts, counts and Follow on an open profile', async () => {
    vi.mocked(usersApi.getUser).mockResolvedValue({
      user: userOf(NOVA, { postCount: 2, followerCount: 1, followingCount: 0 }),
    })
    show(`/profile/${NOVA.username}`)
    await waitFor(() => expect(screen.getByText('Posts', { selector: 'h2' })).toBeTruthy())
    expect(screen.getByRole('button', { name: `Follow ${NOVA.username}` })).toBeTruthy()
    expect(screen.getByRole('button', { name: '1 Follower' })).toBeTruthy()
    expect(screen.queryByText(SCREENS_COPY.profile.blockedYou)).toBeNull()
  })
})
