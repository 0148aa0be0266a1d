import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { ModerationStatusResponse, UserSummary } from '../../../shared/api-types'
import * as api from '../api/account'
import { COPY } from '../copy'
import { messageOf, notifyError, notifySuccess } from '../lib/notify'
import { isHostAtom, loadIsHostAtom } from '../state/account'
import { hostChangesAtom, noteHostChangeAtom } from '../state/host'
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
  const changes = useAtomValue(hostChangesAtom)
  const noteHostChange = useSetAtom(noteHostChangeAtom)
  const [status, setStatus] = useState<ModerationStatusResponse | null>(null)
  const [open, setOpen] = useState(false)
  const [asking, setAsking] = useState<Asking | null>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuId = useId()
  const name = user.username

  const load = useCallback(async () => {
    try {
      setStatus(await api.getModerationStatus(user._id))
    } catch {
      // An older server, or no longer a host: no badge and no menu.
      setStatus(null)
    }
  }, [user._id])
  useEffect(() => {
    void load()
  }, [load, changes])

  useEffect(() => {
    if (!open) return
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onDown = (event: MouseEvent) => {
      const inside =
        menuRef.current?.contains(event.target as Node) ||
        buttonRef.current?.contains(event.target as Node)
      if (!inside) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

  if (!status) return null

  const close = (refocus = true) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
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
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action()
      notifySuccess(done)
    } catch (error) {
      notifyError(messageOf(error))
    } finally {
      noteHostChange()
    }
  }
  const choose = (next: Asking | 'lift') => () => {
    close()
    if (next === 'lift') void run(() => api.setSuspended(user._id, false), COPY.host.lifted(name))
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
        <button
          ref={buttonRef}
          type="button"
          className="btn btn-secondary"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name="shield" size={16} /> Host
        </button>
        {open ? (
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={COPY.host.menuLabel(name)}
            className="content-menu-list card"
            onKeyDown={onMenuKey}
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
          onConfirm={() => run(() => api.setSuspended(user._id, true), COPY.host.suspended(name))}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'make-host' ? (
        <ConfirmDialog
          title={COPY.host.makeHostTitle(name)}
          text={COPY.host.makeHostText(name)}
          confirmLabel={COPY.host.makeHost}
          danger={false}
          onConfirm={() => run(() => api.setHost(user._id, true), COPY.host.madeHost(name))}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'remove-host' ? (
        <ConfirmDialog
          title={COPY.host.removeHostTitle(name)}
          text={COPY.host.removeHostText(name)}
          confirmLabel={COPY.host.removeHost}
          onConfirm={() => run(() => api.setHost(user._id, false), COPY.host.removedHost(name))}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  )
}
