import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { modalAtom, openModalAtom } from '../state/modals'

/** The shortcuts, as the `?` list shows them. */
export const SHORTCUTS: [key: string, what: string][] = [
  ['n', 'New post'],
  ['/', 'Search'],
  ['j', 'Next post'],
  ['k', 'Previous post'],
  ['?', 'This list'],
  ['Esc', 'Close a dialog'],
]

/** Typing somewhere: shortcuts stay out of the way. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return Boolean(
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'),
  )
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

/** n, /, j, k and ? anywhere in the app, never while typing or with a dialog open. */
export function KeyboardShortcuts() {
  const modal = useAtomValue(modalAtom)
  const openModal = useSetAtom(openModalAtom)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (modal || document.querySelector('[role="dialog"]') || isTyping(event.target)) return
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
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [modal, openModal])

  return null
}

/** The `?` list. */
export function ShortcutList() {
  return (
    <dl className="shortcut-list">
      {SHORTCUTS.map(([key, what]) => (
        <div key={key} className="shortcut">
          <dt>
            <kbd>{key}</kbd>
          </dt>
          <dd>{what}</dd>
        </div>
      ))}
    </dl>
  )
}
