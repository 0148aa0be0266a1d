import { useAtomValue, useSetAtom } from 'jotai'
import { Fragment, useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import type { NavigateFunction } from 'react-router-dom'
import { postPath } from '../lib/paths'
import { replyRequest } from '../lib/reply-request'
import { modalAtom, openModalAtom } from '../state/modals'
import { leavingAtom } from '../state/session'

/** One line of the `?` list: the keys (any of them) and what they do. */
export interface Shortcut {
  keys: string[]
  what: string
}

/** The shortcuts, as the `?` list shows them (Mastodon's and Bluesky's letters). */
export const SHORTCUTS: Shortcut[] = [
  { keys: ['n'], what: 'New post' },
  { keys: ['/'], what: 'Search' },
  { keys: ['j'], what: 'Next post' },
  { keys: ['k'], what: 'Previous post' },
  { keys: ['l'], what: 'Like or unlike the post in focus' },
  { keys: ['b'], what: 'Bookmark the post in focus, or remove the bookmark' },
  { keys: ['r'], what: 'Comment on the post in focus' },
  { keys: ['o', 'Enter'], what: 'Open the post in focus' },
  { keys: ['?'], what: 'This list' },
  { keys: ['Esc'], what: 'Close a dialog' },
]

/** Typing somewhere: shortcuts stay out of the way. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return (
    target.isContentEditable ||
    Boolean(
      target.closest(
        'input, textarea, select, [contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]',
      ),
    )
  )
}

/** A dialog, a menu or a list of choices is open: its own keys are its own. */
function isDialogOpen(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]')) return true
  return target instanceof HTMLElement && Boolean(target.closest('[role="menu"], [role="listbox"]'))
}

/** The post card holding the keyboard focus (j/k put it there), if any. */
function postInFocus(): HTMLElement | null {
  const active = document.activeElement
  return active instanceof HTMLElement ? active.closest<HTMLElement>('article.post-card') : null
}

/**
 * Clicks the card's own control for `action` (PostCard marks them with `data-shortcut`): the
 * like and the bookmark go exactly as a click goes, optimistic update, errors and all.
 */
function clickControl(card: HTMLElement, action: 'like' | 'bookmark' | 'open'): boolean {
  const control = card.querySelector<HTMLElement>(`[data-shortcut="${action}"]`)
  if (!control || control.closest('article.post-card') !== card) return false
  control.click()
  return true
}

/** l, b, r, o and Enter: the post in focus. True when the key was one of them and did something. */
function postShortcut(event: KeyboardEvent, navigate: NavigateFunction): boolean {
  const card = postInFocus()
  // A held key would like, unlike, like… at the speed of the key's repeat.
  if (!card || event.repeat) return false
  switch (event.key) {
    case 'l':
      return clickControl(card, 'like')
    case 'b':
      return clickControl(card, 'bookmark')
    case 'o':
      return clickControl(card, 'open')
    case 'Enter':
      // Enter on a control inside the card does what that control does; on the card, opens it.
      if (event.target !== card || event.shiftKey) return false
      return clickControl(card, 'open')
    case 'r': {
      const postId = card.dataset.postId
      if (!postId) return false
      // The post's page puts the cursor in its comment box (routes/PostPage.tsx); on that page
      // already (its card is the detail one), the entry is replaced rather than stacked.
      navigate(postPath(postId), {
        state: replyRequest(),
        replace: card.classList.contains('detail'),
      })
      return true
    }
    default:
      return false
  }
}

/**
 * n, /, j, k, ? and, on the post in focus, l, b, r, o and Enter, anywhere in the app; never
 * while typing, with a modifier held, with a dialog open or during logout's delay.
 */
export function KeyboardShortcuts() {
  const modal = useAtomValue(modalAtom)
  const leaving = useAtomValue(leavingAtom)
  const openModal = useSetAtom(openModalAtom)
  const navigate = useNavigate()

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (leaving || modal || isDialogOpen(event.target) || isTyping(event.target)) return
      switch (event.key) {
        case 'n':
          event.preventDefault()
          openModal({ kind: 'newPost' })
          break
        case '/': {
          const search = document.querySelector<HTMLInputElement>('input[type="search"]')
          if (search) {
            event.preventDefault()
            search.focus()
          }
          break
        }
        case 'j':
          stepPost(1)
          break
        case 'k':
          stepPost(-1)
          break
        case '?':
          event.preventDefault()
          openModal({ kind: 'shortcuts' })
          break
        default:
          if (postShortcut(event, navigate)) event.preventDefault()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [leaving, modal, openModal, navigate])

  return null
}

/** Moves focus to the next (+1) or previous (-1) post on screen, and scrolls it into view. */
function stepPost(direction: 1 | -1) {
  const posts = [...document.querySelectorAll<HTMLElement>('main article.post-card')]
  if (posts.length === 0) return
  const current = posts.findIndex((post) => post.contains(document.activeElement))
  let next: number
  if (current === -1) {
    // From nowhere: the first post whose top is below the top bar.
    next = posts.findIndex((post) => post.getBoundingClientRect().top >= 0)
    if (next === -1) next = 0
    if (direction === -1) next = Math.max(0, next - 1)
  } else {
    next = Math.min(posts.length - 1, Math.max(0, current + direction))
  }
  const post = posts[next]
  if (!post) return
  post.focus({ preventScroll: true })
  post.scrollIntoView({ block: 'center' })
}

/** The `?` list. */
export function ShortcutList() {
  return (
    <dl className="shortcut-list">
      {SHORTCUTS.map(({ keys, what }) => (
        <div key={what} className="shortcut">
          <dt>
            {keys.map((key, index) => (
              <Fragment key={key}>
                {index > 0 ? <span className="shortcut-or">or</span> : null}
                <kbd>{key}</kbd>
              </Fragment>
            ))}
          </dt>
          <dd>{what}</dd>
        </div>
      ))}
    </dl>
  )
}
