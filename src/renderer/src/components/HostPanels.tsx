import { useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { HostAction, HostEntry, SuspendedAccount } from '../../../shared/api-types'
import { COPY } from '../copy'
import { messageOf } from '../lib/notify'
import { profilePath } from '../lib/paths'
import {
  setHostRoleAtom,
  setSuspensionAtom,
  useHostActions,
  useHosts,
  useSuspendedAccounts,
  type HostRead,
} from '../state/moderation'
import { findUserAtom } from '../state/users'
import { ConfirmDialog } from './ConfirmDialog'
import { Icon, type IconName } from './Icon'
import { ServerCard } from './ServerCard'
import { RelativeTime } from './RelativeTime'
import { Spinner } from './Spinner'
import { ClipLimitPanel } from './ClipLimitPanel'
import { useServerFeature } from '../state/server-features'
import { lazyComponent } from '../lib/lazy-component'

/** The custom emoji panel, with its styles: only on a server with custom emoji. */
const CustomEmojiPanel = lazyComponent(() =>
  import('./emoji/CustomEmojiPanel').then((module) => module.CustomEmojiPanel),
)

/** The host's panels under the reports (Server page): suspended players, hosts, the audit list. */
export function HostPanels() {
  // Clips: the clip size limit, on a server that takes clips.
  const clips = useServerFeature('clips')
  const customEmoji = useServerFeature('custom-emoji')
  return (
    <>
      <SuspendedPanel />
      <HostsPanel />
      {clips ? <ClipLimitPanel /> : null}
      {customEmoji ? <CustomEmojiPanel /> : null}
      <AuditPanel />
    </>
  )
}

/** A host list as state/moderation.ts reads it: the items (null while loading), a failure, a reload. */
type HostList<T> = HostRead<T[]>

function ListState({
  error,
  loading,
  label,
  onRetry,
}: {
  error: string | null
  loading: boolean
  label: string
  onRetry: () => void
}) {
  if (error) {
    return (
      <div className="reports-error" role="alert">
        <p className="field-error">{error}</p>
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          <Icon name="refresh" size={16} /> Retry
        </button>
      </div>
    )
  }
  return loading ? <Spinner label={label} /> : null
}

interface HostListCardProps<T> {
  /** The title's id: it labels the card and the list. */
  id: string
  icon: IconName
  title: string
  hint: string
  /** The list, as state/moderation.ts reads it. */
  list: HostList<T>
  /** The spinner's words while the list loads. */
  loadingLabel: string
  /** Said instead of an empty list; without it an empty list is shown as it is. */
  empty?: string
  /** An ordered list (`ol`) rather than `ul`. */
  ordered?: boolean
  listClassName: string
  /** One row: an `li` with its key. */
  renderRow: (item: T) => ReactNode
  /** Below the list (a form, a dialog). */
  children?: ReactNode
}

/** A host list in its card: loading or failed (with Retry), its empty words, or its rows. */
function HostListCard<T>({
  id,
  icon,
  title,
  hint,
  list: { value, error, load },
  loadingLabel,
  empty,
  ordered = false,
  listClassName,
  renderRow,
  children,
}: HostListCardProps<T>) {
  const List = ordered ? 'ol' : 'ul'
  return (
    <ServerCard id={id} icon={icon} title={title} hint={hint}>
      {value === null || error ? (
        <ListState
          error={error}
          loading={value === null}
          label={loadingLabel}
          onRetry={() => void load()}
        />
      ) : value.length === 0 && empty !== undefined ? (
        <p className="muted">{empty}</p>
      ) : (
        <List className={listClassName} aria-labelledby={id}>
          {value.map(renderRow)}
        </List>
      )}
      {children}
    </ServerCard>
  )
}

/** Every suspended account, each with "Lift suspension": apart from reports, which may be gone. */
function SuspendedPanel() {
  const list = useSuspendedAccounts()
  const setSuspension = useSetAtom(setSuspensionAtom)
  const [busy, setBusy] = useState<string | null>(null)
  const lift = async (entry: SuspendedAccount) => {
    setBusy(entry.user._id)
    await setSuspension(entry.user, false)
    setBusy(null)
  }
  return (
    <HostListCard
      id="suspended-title"
      icon="shield"
      title={COPY.host.suspendedTitle}
      hint={COPY.host.suspendedHint}
      list={list}
      loadingLabel="Loading suspended players"
      empty={COPY.host.suspendedEmpty}
      listClassName="relation-list"
      renderRow={(entry) => (
        <li key={entry.user._id} className="relation-row">
          <HostRowWho username={entry.user.username}>
            {' '}
            · suspended <RelativeTime iso={entry.suspendedAt} />
          </HostRowWho>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy !== null}
            aria-label={`${COPY.host.lift} of ${entry.user.username}`}
            onClick={() => void lift(entry)}
          >
            {COPY.host.lift}
          </button>
        </li>
      )}
    />
  )
}

/** Who hosts and why; a host makes a player host by name, and removes those made host. */
function HostsPanel() {
  const list = useHosts()
  const setHostRole = useSetAtom(setHostRoleAtom)
  const findUser = useSetAtom(findUserAtom)
  const inputId = useId()
  const [name, setName] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [asking, setAsking] = useState<{
    user: HostEntry['user']
    host: boolean
  } | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const username = name.trim()
    setFieldError(null)
    if (!username) {
      setFieldError('Type the username of the player to make host.')
      return
    }
    try {
      const user = await findUser(username)
      if (list.value?.some((entry) => entry.user._id === user._id)) {
        setFieldError(`${user.username} is already a host.`)
        return
      }
      setAsking({ user, host: true })
    } catch (caught) {
      setFieldError(messageOf(caught))
    }
  }

  const change = async (user: HostEntry['user'], host: boolean) => {
    if ((await setHostRole(user, host)) && host) setName('')
  }

  return (
    <HostListCard
      id="hosts-title"
      icon="server"
      title={COPY.host.hostsTitle}
      hint={COPY.host.hostsHint}
      list={list}
      loadingLabel="Loading hosts"
      listClassName="relation-list"
      renderRow={(entry) => (
        <li key={entry.user._id} className="relation-row">
          <HostRowWho username={entry.user.username}>
            {' '}
            · {COPY.host.hostKind[entry.kind]}
          </HostRowWho>
          {entry.kind === 'made' ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-label={`${COPY.host.removeHost}: ${entry.user.username}`}
              onClick={() => setAsking({ user: entry.user, host: false })}
            >
              {COPY.host.removeHost}
            </button>
          ) : null}
        </li>
      )}
    >
      <form className="field host-make-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId}>{COPY.host.makeHostLabel}</label>
        <div className="host-make-row">
          <input
            id={inputId}
            value={name}
            autoComplete="off"
            spellCheck={false}
            placeholder={COPY.host.makeHostPlaceholder}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${inputId}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-sm">
            {COPY.host.makeHost}
          </button>
        </div>
        {fieldError ? (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            {fieldError}
          </p>
        ) : null}
      </form>
      {asking ? (
        <ConfirmDialog
          title={
            asking.host
              ? COPY.host.makeHostTitle(asking.user.username)
              : COPY.host.removeHostTitle(asking.user.username)
          }
          text={
            asking.host
              ? COPY.host.makeHostText(asking.user.username)
              : COPY.host.removeHostText(asking.user.username)
          }
          confirmLabel={asking.host ? COPY.host.makeHost : COPY.host.removeHost}
          danger={!asking.host}
          onConfirm={() => change(asking.user, asking.host)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </HostListCard>
  )
}

/** The words of one audit line after the host's name: "suspended player2". */
export function auditText(action: HostAction): string {
  return `${COPY.host.audit[action.action]} ${action.target}`
}

/** Who did what to whom, and when: the latest host actions. */
function AuditPanel() {
  const list = useHostActions()
  return (
    <HostListCard
      id="audit-title"
      icon="info"
      title={COPY.host.auditTitle}
      hint={COPY.host.auditHint}
      list={list}
      loadingLabel="Loading host actions"
      empty={COPY.host.auditEmpty}
      ordered
      listClassName="audit-list"
      renderRow={(action) => (
        <li key={action.id} className="audit-line">
          <strong>{action.host}</strong> {auditText(action)}
          <span className="muted small">
            {' · '}
            <RelativeTime iso={action.createdAt} />
          </span>
        </li>
      )}
    />
  )
}

/** Who a host list's row is about: their name, linking to their profile, and a note after it. */
function HostRowWho({ username, children }: { username: string; children: ReactNode }) {
  return (
    <span className="host-row-who">
      <Link to={profilePath(username)} className="username-link">
        {username}
      </Link>
      <span className="muted small">{children}</span>
    </span>
  )
}
