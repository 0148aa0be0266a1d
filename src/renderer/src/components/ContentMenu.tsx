import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState } from 'react'
import type { UserSummary } from '../../../shared/api-types'
import { userAtom } from '../state/auth'
import { noteHostChangeAtom } from '../state/host'
import {
  changeRelationAtom,
  hostDeleteCommentAtom,
  hostDeletePostAtom,
  isHostAtom,
  loadIsHostAtom,
  loadRelationsAtom,
  relationsAtom,
} from '../state/account'
import * as api from '../api/account'
import { COPY } from '../copy'
import { messageOf, notifyError, notifySuccess } from '../lib/notify'
import { ConfirmDialog } from './ConfirmDialog'
import { Icon } from './Icon'
import { MuteDialog } from './MuteDialog'
import { ReportDialog } from './ReportDialog'

/** The questions the menu asks before an action with consequences. */
type Asking = 'block' | 'delete' | 'suspend'

export type ContentTarget =
  | { kind: 'post'; id: string; author: UserSummary }
  | { kind: 'comment'; id: string; postId: string; author: UserSummary }

interface ContentMenuProps {
  target: ContentTarget
  /** Called after the host deleted the content (e.g. a post page goes home). */
  onDeleted?: () => void
}

/**
 * The "more" menu of someone else's post or comment: report it, mute (for a chosen time) or block
 * its author, and for the host, delete it or suspend its author. Block, delete and suspend ask
 * first, naming what follows. Kept apart from PostCard and CommentItem so their
 * layout can change without this. Nothing shows on one's own content.
 */
export function ContentMenu({ target, onDeleted }: ContentMenuProps) {
  const me = useAtomValue(userAtom)
  const isHost = useAtomValue(isHostAtom)
  const relations = useAtomValue(relationsAtom)
  const loadIsHost = useSetAtom(loadIsHostAtom)
  const loadRelations = useSetAtom(loadRelationsAtom)
  const changeRelation = useSetAtom(changeRelationAtom)
  const deletePost = useSetAtom(hostDeletePostAtom)
  const deleteComment = useSetAtom(hostDeleteCommentAtom)
  const [open, setOpen] = useState(false)
  const [reporting, setReporting] = useState(false)
  const [muting, setMuting] = useState(false)
  const [asking, setAsking] = useState<Asking | null>(null)
  const noteHostChange = useSetAtom(noteHostChangeAtom)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    // Asked when first opened, not for every card on the page.
    if (isHost === null) void loadIsHost()
    if (relations === null) void loadRelations()
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onDown = (event: MouseEvent) => {
      const inside =
        menuRef.current?.contains(event.target as Node) ||
        buttonRef.current?.contains(event.target as Node)
      if (!inside) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open, isHost, relations, loadIsHost, loadRelations])

  if (!me || me.username === target.author.username) return null

  const name = target.author.username
  const blocked = relations?.blocked.has(target.author._id) ?? false
  const muted = relations?.muted.has(target.author._id) ?? false
  const what = target.kind === 'post' ? 'post' : 'comment'

  const close = (refocus = true) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }
  const act = (action: () => unknown) => () => {
    close()
    void action()
  }
  const onMenuKey = (event: React.KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const index = items.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      items[(index + step + items.length) % items.length]?.focus()
    } else if (event.key === 'Tab') {
      close(false)
    }
  }

  return (
    <span className="content-menu">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn sm"
        aria-label={`More actions for this ${what}`}
        title="More"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="more" size={18} />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={`Actions for ${name}'s ${what}`}
          className="content-menu-list card"
          onKeyDown={onMenuKey}
        >
          <button type="button" role="menuitem" onClick={act(() => setReporting(true))}>
            <Icon name="alert" size={16} /> Report {what}
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={act(() => (muted ? changeRelation('unmute', target.author) : setMuting(true)))}
          >
            <Icon name="mute" size={16} />{' '}
            {muted ? COPY.mute.unmuteItem(name) : COPY.mute.menuItem(name)}
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={act(() =>
              // Unblocking takes nothing away: only a block asks first.
              blocked ? changeRelation('unblock', target.author) : setAsking('block'),
            )}
          >
            <Icon name="shield" size={16} /> {blocked ? `Unblock ${name}` : `Block ${name}`}
          </button>
          {isHost ? (
            <>
              <button
                type="button"
                role="menuitem"
                className="danger"
                onClick={act(() => setAsking('suspend'))}
              >
                <Icon name="shield" size={16} /> {COPY.host.suspendAuthor}
              </button>
              <button
                type="button"
                role="menuitem"
                className="danger"
                onClick={act(() => setAsking('delete'))}
              >
                <Icon name="trash" size={16} /> Delete {what} (host)
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {reporting ? <ReportDialog target={target} onClose={() => setReporting(false)} /> : null}
      {muting ? <MuteDialog target={target.author} onClose={() => setMuting(false)} /> : null}
      {asking === 'block' ? (
        <ConfirmDialog
          title={COPY.host.blockTitle(name)}
          text={COPY.host.blockText(name)}
          confirmLabel={COPY.host.block}
          onConfirm={() => changeRelation('block', target.author)}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'suspend' ? (
        <ConfirmDialog
          title={COPY.host.suspendTitle(name)}
          text={COPY.host.suspendText(name)}
          confirmLabel={COPY.host.suspend}
          onConfirm={async () => {
            try {
              await api.setSuspended(target.author._id, true)
              noteHostChange()
              notifySuccess(COPY.host.suspended(name))
            } catch (error) {
              notifyError(messageOf(error))
            }
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'delete' ? (
        <ConfirmDialog
          title={COPY.host.deleteTitle(target.kind)}
          text={COPY.host.deleteText(target.kind)}
          confirmLabel={`Delete ${what}`}
          onConfirm={async () => {
            const done =
              target.kind === 'post'
                ? await deletePost(target.id)
                : await deleteComment(target.postId, target.id)
            if (done) onDeleted?.()
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </span>
  )
}
