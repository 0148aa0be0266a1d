import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import type { UserSummary } from '../../../shared/api-types'
import { userAtom } from '../state/auth'
import {
  changeRelationAtom,
  hostDeleteCommentAtom,
  hostDeletePostAtom,
  isHostAtom,
  loadIsHostAtom,
  loadRelationsAtom,
} from '../state/account'
import { relationsAtom } from '../state/relations'
import { COPY } from '../copy'
import { lazyComponent } from '../lib/lazy-component'
import { useMenu } from '../lib/use-menu'
import { setSuspensionAtom } from '../state/moderation'
import { ConfirmDialog } from './ConfirmDialog'
import { Icon } from './Icon'

// The dialogs a choice of the menu opens load then, not with every post card.
const ReportDialog = lazyComponent(() =>
  import('./ReportDialog').then((module) => module.ReportDialog),
)
const MuteDialog = lazyComponent(() => import('./MuteDialog').then((module) => module.MuteDialog))

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
  const setSuspension = useSetAtom(setSuspensionAtom)
  const menu = useMenu()
  const { open } = menu
  const [reporting, setReporting] = useState(false)
  const [muting, setMuting] = useState(false)
  const [asking, setAsking] = useState<Asking | null>(null)

  useEffect(() => {
    if (!open) return
    // Asked when first opened, not for every card on the page.
    if (isHost === null) void loadIsHost()
    if (relations === null) void loadRelations()
  }, [open, isHost, relations, loadIsHost, loadRelations])

  if (!me || me.username === target.author.username) return null

  const name = target.author.username
  const blocked = relations?.blocked.has(target.author._id) ?? false
  const muted = relations?.muted.has(target.author._id) ?? false
  const what = target.kind === 'post' ? 'post' : 'comment'

  const act = (action: () => unknown) => () => {
    menu.close()
    void action()
  }

  return (
    <span className="content-menu">
      <button
        {...menu.buttonProps}
        type="button"
        className="icon-btn sm"
        aria-label={`More actions for this ${what}`}
        title="More"
      >
        <Icon name="more" size={18} />
      </button>
      {open ? (
        <div
          {...menu.menuProps}
          aria-label={`Actions for ${name}'s ${what}`}
          className="content-menu-list card"
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
          onConfirm={() => setSuspension(target.author, true)}
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
