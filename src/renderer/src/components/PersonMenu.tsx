import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import type { UserSummary } from '../../../shared/api-types'
import { COPY } from '../copy'
import { profileShareUrl } from '../lib/addresses'
import { copyText } from '../lib/clipboard'
import { lazyComponent } from '../lib/lazy-component'
import { notifyError, notifySuccess } from '../lib/notify'
import { useMenu } from '../lib/use-menu'
import { changeRelationAtom, loadRelationsAtom } from '../state/account'
import { userAtom } from '../state/auth'
import { relationsAtom } from '../state/relations'
import { ConfirmDialog } from './ConfirmDialog'
import { Icon } from './Icon'

// The dialogs load when chosen, not with every row of a list of people.
const ReportDialog = lazyComponent(() =>
  import('./ReportDialog').then((module) => module.ReportDialog),
)
const MuteDialog = lazyComponent(() => import('./MuteDialog').then((module) => module.MuteDialog))

/**
 * The "..." menu of a person: on their profile and on their row wherever people are
 * listed, whether they ever posted or not. Mute (for the durations of MuteDialog) or unmute,
 * block (asked first) or unblock, report, and copy the profile's link. Block and mute go through
 * the same relations state as a post's menu (state/account.ts `changeRelationAtom`), so the
 * server's one visibility decision applies everywhere at once. Nothing shows for oneself.
 */
export function PersonMenu({ user, small = false }: { user: UserSummary; small?: boolean }) {
  const me = useAtomValue(userAtom)
  const relations = useAtomValue(relationsAtom)
  const loadRelations = useSetAtom(loadRelationsAtom)
  const changeRelation = useSetAtom(changeRelationAtom)
  const menu = useMenu()
  const { open } = menu
  const [dialog, setDialog] = useState<'report' | 'mute' | 'block' | null>(null)

  useEffect(() => {
    // Asked when first opened, not for every row of a list.
    if (open && relations === null) void loadRelations()
  }, [open, relations, loadRelations])

  if (!me || me.username === user.username) return null
  const name = user.username
  const blocked = relations?.blocked.has(user._id) ?? false
  const muted = relations?.muted.has(user._id) ?? false

  const act = (action: () => unknown) => () => {
    menu.close()
    void action()
  }
  const copyLink = async () => {
    if (await copyText(profileShareUrl(name))) notifySuccess(COPY.toasts.linkCopied)
    else notifyError(COPY.person.copyFailed)
  }

  return (
    <span className="content-menu person-menu">
      <button
        {...menu.buttonProps}
        type="button"
        className={small ? 'icon-btn sm' : 'btn btn-secondary'}
        aria-label={COPY.person.menuButton(name)}
        title={COPY.person.more}
      >
        <Icon name="more" size={18} />
      </button>
      {open ? (
        <div
          {...menu.menuProps}
          aria-label={COPY.person.menuLabel(name)}
          className="content-menu-list card"
        >
          <button
            type="button"
            role="menuitem"
            onClick={act(() => (muted ? changeRelation('unmute', user) : setDialog('mute')))}
          >
            <Icon name="mute" size={16} />{' '}
            {muted ? COPY.mute.unmuteItem(name) : COPY.mute.menuItem(name)}
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={act(() =>
              // Unblocking takes nothing away: only a block asks first.
              blocked ? changeRelation('unblock', user) : setDialog('block'),
            )}
          >
            <Icon name="shield" size={16} /> {blocked ? `Unblock ${name}` : `Block ${name}…`}
          </button>
          <button type="button" role="menuitem" onClick={act(() => setDialog('report'))}>
            <Icon name="alert" size={16} /> {COPY.person.report(name)}
          </button>
          <button type="button" role="menuitem" onClick={act(copyLink)}>
            <Icon name="copy" size={16} /> {COPY.person.copyLink}
          </button>
        </div>
      ) : null}
      {dialog === 'report' ? (
        <ReportDialog
          target={{ kind: 'user', id: user._id, author: user }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'mute' ? <MuteDialog target={user} onClose={() => setDialog(null)} /> : null}
      {dialog === 'block' ? (
        <ConfirmDialog
          title={COPY.host.blockTitle(name)}
          text={COPY.host.blockText(name)}
          confirmLabel={COPY.host.block}
          onConfirm={() => changeRelation('block', user)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </span>
  )
}
