import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import type { UserSummary } from '../../../shared/api-types'
import { COPY } from '../copy'
import { useMenu } from '../lib/use-menu'
import { isHostAtom, loadIsHostAtom } from '../state/account'
import { setHostRoleAtom, setSuspensionAtom, useModerationStatus } from '../state/moderation'
import { ConfirmDialog } from './ConfirmDialog'
import { Icon } from './Icon'

type Asking = 'suspend' | 'make-host' | 'remove-host'

/**
 * On someone else's profile, for a host only: a "Suspended" (or "Host") badge and the host's
 * menu (suspend or lift, make host or remove as host). Suspending and hosting changes ask first.
 */
export function ProfileHostMenu({ user }: { user: UserSummary }) {
  const isHost = useAtomValue(isHostAtom)
  const loadIsHost = useSetAtom(loadIsHostAtom)
  useEffect(() => {
    if (isHost === null) void loadIsHost()
  }, [isHost, loadIsHost])
  if (!isHost) return null
  return <HostMenu key={user._id} user={user} />
}

function HostMenu({ user }: { user: UserSummary }) {
  const status = useModerationStatus(user._id)
  const setSuspension = useSetAtom(setSuspensionAtom)
  const setHostRole = useSetAtom(setHostRoleAtom)
  const menu = useMenu()
  const [asking, setAsking] = useState<Asking | null>(null)
  const name = user.username

  if (!status) return null

  const choose = (next: Asking | 'lift') => () => {
    menu.close()
    if (next === 'lift') void setSuspension(user, false)
    else setAsking(next)
  }

  return (
    <>
      {status.suspended || status.host ? (
        <span className="profile-host-badges">
          {status.suspended ? (
            <span className="badge" data-testid="suspended-badge">
              {COPY.host.badgeSuspended}
            </span>
          ) : null}
          {status.host ? <span className="badge badge-host">{COPY.host.badgeHost}</span> : null}
        </span>
      ) : null}
      <span className="content-menu">
        <button {...menu.buttonProps} type="button" className="btn btn-secondary">
          <Icon name="shield" size={16} /> Host
        </button>
        {menu.open ? (
          <div
            {...menu.menuProps}
            aria-label={COPY.host.menuLabel(name)}
            className="content-menu-list card"
          >
            {status.suspended ? (
              <button type="button" role="menuitem" onClick={choose('lift')}>
                <Icon name="unlock" size={16} /> {COPY.host.lift}
              </button>
            ) : status.host === null ? (
              <button type="button" role="menuitem" className="danger" onClick={choose('suspend')}>
                <Icon name="lock" size={16} /> {COPY.host.suspend} {name}
              </button>
            ) : null}
            {status.host === null && !status.suspended ? (
              <button type="button" role="menuitem" onClick={choose('make-host')}>
                <Icon name="server" size={16} /> {COPY.host.makeHost}
              </button>
            ) : null}
            {status.host === 'made' ? (
              <button type="button" role="menuitem" onClick={choose('remove-host')}>
                <Icon name="server" size={16} /> {COPY.host.removeHost}
              </button>
            ) : null}
            {status.host === 'owner' || status.host === 'admin' ? (
              <p className="content-menu-note muted small" role="none">
                {name} {COPY.host.hostKind[status.host]} and always hosts.
              </p>
            ) : null}
          </div>
        ) : null}
      </span>
      {asking === 'suspend' ? (
        <ConfirmDialog
          title={COPY.host.suspendTitle(name)}
          text={COPY.host.suspendText(name)}
          confirmLabel={COPY.host.suspend}
          onConfirm={() => setSuspension(user, true)}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'make-host' ? (
        <ConfirmDialog
          title={COPY.host.makeHostTitle(name)}
          text={COPY.host.makeHostText(name)}
          confirmLabel={COPY.host.makeHost}
          danger={false}
          onConfirm={() => setHostRole(user, true)}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'remove-host' ? (
        <ConfirmDialog
          title={COPY.host.removeHostTitle(name)}
          text={COPY.host.removeHostText(name)}
          confirmLabel={COPY.host.removeHost}
          onConfirm={() => setHostRole(user, false)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  )
}
