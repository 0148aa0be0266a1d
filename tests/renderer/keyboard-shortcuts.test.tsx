/**
 * The keyboard shortcuts on the post in focus (components/KeyboardShortcuts.tsx): l, b, r, o and
 * Enter act through the card's own controls, as a click would; none fires while typing, with a
 * modifier held, with a dialog open or during logout's delay; Enter on a control inside the card
 * stays that control's. The "?" list names them all.
 */
import './state-mocks'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, useAtomValue } from 'jotai'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PostResponse } from '../../src/shared/api-types'
import * as commentsApi from '../../src/renderer/src/api/comments'
import * as postsApi from '../../src/renderer/src/api/posts'
import * as usersApi from '../../src/renderer/src/api/users'
import {
  KeyboardShortcuts,
  SHORTCUTS,
  ShortcutList,
} from '../../src/renderer/src/components/KeyboardShortcuts'
import { AppLayout } from '../../src/renderer/src/components/AppLayout'
import { PostCard } from '../../src/renderer/src/components/PostCard'
import { PostPage } from '../../src/renderer/src/routes/PostPage'
import { setSessionAtom, tokenAtom } from '../../src/renderer/src/state/auth'
import { closeModalAtom, modalAtom, openModalAtom } from '../../src/renderer/src/state/modals'
import { postListAtom } from '../../src/renderer/src/state/posts'
import {
  LOGOUT_DELAY_MS,
  endSessionAtom,
  leaveAtom,
  leavingAtom,
} from '../../src/renderer/src/state/session'
import { fakeFriendServer, jsonResponse } from './fake-server'
import { ME, NOVA, loadList, post, signedInStore, userOf } from './state-fixtures'
import type { Store } from './state-fixtures'
import { SCREENS_COPY } from '../../src/renderer/src/copy-screens'

const fetchMock = fakeFriendServer()
let store: Store

const answer = (id: string): PostResponse => ({ post: post(id, NOVA) })
const liked = (id: string): PostResponse => ({
  post: post(id, NOVA, { likes: { likeCount: 1, likedBy: [ME], dislikedBy: [] } }),
})

beforeAll(() => {
  // jsdom lays nothing out: j scrolls the post it focuses into view.
  Element.prototype.scrollIntoView = vi.fn()
})

beforeEach(() => {
  vi.resetAllMocks()
  // Whatever the mocked API modules do not answer (games, presence, features) is unknown here.
  fetchMock.mockImplementation(async () =>
    jsonResponse(404, { errors: ['Not found.'], code: 'ROUTE_NOT_FOUND' }),
  )
  store = signedInStore([NOVA])
  loadList(store, 'feed', [post('p1', NOVA), post('p2', NOVA)])
  vi.mocked(postsApi.likePost).mockImplementation(async (id) => liked(id))
  vi.mocked(usersApi.bookmarkPost).mockImplementation(async (id) => answer(id))
  vi.mocked(postsApi.getPost).mockImplementation(async (id) => answer(id))
  vi.mocked(commentsApi.listComments).mockResolvedValue({ comments: [], nextCursor: null })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function Home() {
  const { posts } = useAtomValue(postListAtom('feed'))
  return (
    <>
      {posts.map((shown) => (
        <PostCard key={shown._id} post={shown} />
      ))}
      <input aria-label="Somewhere to type" />
      <div contentEditable aria-label="Rich text" role="textbox" tabIndex={0} />
    </>
  )
}

function Where() {
  return <output aria-label="Where">{useLocation().pathname}</output>
}

function show() {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/home']}>
        <main>
          <Routes>
            <Route path="/home" element={<Home />} />
            <Route path="/post/:postId" element={<PostPage />} />
          </Routes>
        </main>
        <KeyboardShortcuts />
        <Where />
      </MemoryRouter>
    </Provider>,
  )
  return userEvent.setup()
}

const where = () => screen.getByRole('status', { name: 'Where' }).textContent
function card(id: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`article.post-card[data-post-id="${id}"]`)
  if (!found) throw new Error(`no card of post ${id}`)
  return found
}
const likeButton = (id: string) => within(card(id)).getByRole('button', { name: /^(Like|Unlike),/ })
const bookmarkButton = (id: string) =>
  within(card(id)).getByRole('button', { name: /^(Bookmark|Remove bookmark)$/ })

describe('the post in focus', () => {
  it('l likes and b bookmarks the post j moved to, through its own buttons', async () => {
    const user = show()
    await user.keyboard('jj')
    expect(document.activeElement).toBe(card('p2'))

    await user.keyboard('l')
    expect(postsApi.likePost).toHaveBeenCalledExactlyOnceWith('p2')
    // The card shows it as after a click.
    await waitFor(() => expect(likeButton('p2').getAttribute('aria-pressed')).toBe('true'))
    expect(likeButton('p1').getAttribute('aria-pressed')).toBe('false')

    await user.keyboard('b')
    expect(usersApi.bookmarkPost).toHaveBeenCalledExactlyOnceWith('p2')
    await waitFor(() => expect(bookmarkButton('p2').getAttribute('aria-pressed')).toBe('true'))
    // Focus stays on the post, so j goes on from there.
    expect(document.activeElement).toBe(card('p2'))
  })

  it('does nothing with no post in focus', async () => {
    const user = show()
    await user.keyboard('lbo')
    expect(postsApi.likePost).not.toHaveBeenCalled()
    expect(usersApi.bookmarkPost).not.toHaveBeenCalled()
    expect(where()).toBe('/home')
    // Tab onto one of a post's buttons makes it the post in focus too.
    likeButton('p2').focus()
    await user.keyboard('b')
    expect(usersApi.bookmarkPost).toHaveBeenCalledExactlyOnceWith('p2')
  })

  it('o opens the post in focus', async () => {
    const user = show()
    await user.keyboard('jjo')
    await waitFor(() => expect(where()).toBe('/post/p2'))
  })

  it('Enter on the card opens it; Enter on a control inside it does what the control does', async () => {
    const user = show()
    bookmarkButton('p1').focus()
    await user.keyboard('{Enter}')
    expect(usersApi.bookmarkPost).toHaveBeenCalledExactlyOnceWith('p1')
    expect(where()).toBe('/home')

    card('p1').focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(where()).toBe('/post/p1'))
    expect(usersApi.bookmarkPost).toHaveBeenCalledTimes(1)
  })

  it('r opens the post with the cursor in its comment box', async () => {
    const user = show()
    await user.keyboard('jr')
    await waitFor(() => expect(where()).toBe('/post/p1'))
    const box = await screen.findByRole('textbox', { name: SCREENS_COPY.post.writeComment })
    await waitFor(() => expect(document.activeElement).toBe(box))

    // On the post's own page, r comes back to the box from the post.
    card('p1').focus()
    await user.keyboard('r')
    await waitFor(() => expect(document.activeElement).toBe(box))
    expect(where()).toBe('/post/p1')
  })

  it('l and b work on the post page as in the feed', async () => {
    const user = show()
    await user.keyboard('jo')
    await waitFor(() => expect(where()).toBe('/post/p1'))
    card('p1').focus()
    await user.keyboard('l')
    expect(postsApi.likePost).toHaveBeenCalledExactlyOnceWith('p1')
    // o on the post's own page stays there.
    await user.keyboard('o')
    expect(where()).toBe('/post/p1')
  })
})

describe('when the shortcuts stay out of the way', () => {
  it('never while typing in a field or editable text', async () => {
    const user = show()
    await user.keyboard('j')
    await user.click(screen.getByRole('textbox', { name: 'Somewhere to type' }))
    await user.keyboard('lbor')
    await user.click(screen.getByRole('textbox', { name: 'Rich text' }))
    await user.keyboard('lbor')
    expect(postsApi.likePost).not.toHaveBeenCalled()
    expect(usersApi.bookmarkPost).not.toHaveBeenCalled()
    expect(where()).toBe('/home')
    // Out of the field, onto a post again: l is a shortcut again.
    await user.keyboard('{Escape}')
    card('p1').focus()
    await user.keyboard('l')
    expect(postsApi.likePost).toHaveBeenCalledExactlyOnceWith('p1')
  })

  it('never with a modifier held, and not as a held key repeats', async () => {
    const user = show()
    await user.keyboard('j')
    await user.keyboard('{Control>}l{/Control}{Alt>}b{/Alt}{Meta>}o{/Meta}')
    expect(postsApi.likePost).not.toHaveBeenCalled()
    expect(usersApi.bookmarkPost).not.toHaveBeenCalled()
    expect(where()).toBe('/home')

    // l held down: one like, not like, unlike, like…
    await user.keyboard('{l>4/}')
    expect(postsApi.likePost).toHaveBeenCalledTimes(1)
    expect(postsApi.dislikePost).not.toHaveBeenCalled()
  })

  it('never with a dialog open, and again once it is closed', async () => {
    const user = show()
    await user.keyboard('j')
    act(() => store.set(openModalAtom, { kind: 'shortcuts' }))
    await user.keyboard('l')
    expect(postsApi.likePost).not.toHaveBeenCalled()
    act(() => store.set(closeModalAtom))

    // A dialog of another kind (the image viewer's) counts too.
    const viewer = document.createElement('div')
    viewer.setAttribute('role', 'dialog')
    document.body.append(viewer)
    await user.keyboard('b')
    viewer.remove()
    expect(usersApi.bookmarkPost).not.toHaveBeenCalled()

    await user.keyboard('l')
    expect(postsApi.likePost).toHaveBeenCalledExactlyOnceWith('p1')
  })

  it('never during logout’s delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = show()
    await user.keyboard('j')
    act(() => store.set(leaveAtom))
    await user.keyboard('lbn')
    expect(postsApi.likePost).not.toHaveBeenCalled()
    expect(usersApi.bookmarkPost).not.toHaveBeenCalled()
    expect(store.get(modalAtom)).toBeNull()
  })
})

describe('logout’s delay', () => {
  it('leaves after the delay, the screen inert until then', async () => {
    vi.useFakeTimers()
    store.set(leaveAtom)
    expect(store.get(leavingAtom)).toBe(true)
    vi.advanceTimersByTime(LOGOUT_DELAY_MS - 1)
    expect(store.get(tokenAtom)).toBe('token')
    // A second click meanwhile starts nothing more.
    store.set(leaveAtom)
    vi.advanceTimersByTime(1)
    expect(store.get(tokenAtom)).toBeNull()
    expect(store.get(leavingAtom)).toBe(false)
  })

  it('is over, and leaves the next session alone, when the session ended another way', async () => {
    vi.useFakeTimers()
    store.set(leaveAtom)
    store.set(endSessionAtom, 'ended')
    expect(store.get(leavingAtom)).toBe(false)
    // Someone logs in again within the two seconds: the old timer does not log them out.
    store.set(setSessionAtom, { user: userOf(ME), token: 'next' })
    vi.advanceTimersByTime(LOGOUT_DELAY_MS)
    expect(store.get(tokenAtom)).toBe('next')
  })
})

describe('the "?" list', () => {
  it('names every shortcut, the post ones included', () => {
    render(<ShortcutList />)
    const keys = [...document.querySelectorAll('kbd')].map((kbd) => kbd.textContent)
    expect(keys).toEqual(['n', '/', 'j', 'k', 'l', 'b', 'r', 'o', 'Enter', '?', 'Esc'])
    expect(SHORTCUTS.map(({ what }) => what)).toContain('Comment on the post in focus')
    expect(screen.getByText('Open the post in focus')).toBeTruthy()
  })
})

describe('the screen during logout’s delay', () => {
  it('is inert, and not any more once the leaving is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/home']}>
          <AppLayout>
            <p>Home</p>
          </AppLayout>
        </MemoryRouter>
      </Provider>,
    )
    const app = document.querySelector('.app')
    if (!app) throw new Error('no app layout')
    expect(app.hasAttribute('inert')).toBe(false)
    act(() => store.set(leaveAtom))
    expect(app.hasAttribute('inert')).toBe(true)
    // The session ended another way meanwhile (the server refused the token).
    act(() => store.set(endSessionAtom, 'ended'))
    expect(app.hasAttribute('inert')).toBe(false)
  })
})
