import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import {
  NOTIFICATION_KINDS,
  type NotificationChannels,
  type NotificationKind,
} from '../../../shared/notification-kinds'
import { Icon } from '../components/Icon'
import { ServerCard } from '../components/ServerCard'
import { Spinner } from '../components/Spinner'
import { ErrorState } from '../components/States'
import { NOTIFICATION_SETTINGS_COPY as COPY } from '../copy-notifications'
import {
  askDesktopPermission,
  desktopPermission,
  type DesktopPermission,
} from '../lib/desktop-notifications'
import {
  changeNotificationSettingAtom,
  loadNotificationSettingsAtom,
  notificationSettingsAtom,
} from '../state/notification-settings'
import '../styles/notification-settings.css'

/** One switch of a kind's row: its visible words, and a name that says which kind. */
function ChannelSwitch({
  text,
  label,
  checked,
  disabled,
  describedBy,
  channel,
  onChange,
}: {
  text: string
  label: string
  checked: boolean
  disabled: boolean
  describedBy?: string
  channel: keyof NotificationChannels
  onChange: (on: boolean) => void
}) {
  return (
    <label className="toggle notification-setting-switch" data-channel={channel}>
      <input
        type="checkbox"
        role="switch"
        aria-label={label}
        aria-describedby={describedBy}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="toggle-track" aria-hidden="true" />
      <span aria-hidden="true">{text}</span>
    </label>
  )
}

function KindRow({
  kind,
  channels,
  saving,
}: {
  kind: NotificationKind
  channels: NotificationChannels
  saving: readonly string[]
}) {
  const change = useSetAtom(changeNotificationSettingAtom)
  const { label, hint } = COPY.kinds[kind]
  const needsInApp = `notification-setting-${kind}-needs`
  // Messages have no entry in the list to switch off (lib/message-notifications.ts): only the
  // desktop switch.
  const desktopOnly = kind === 'messages'
  const inApp = desktopOnly || channels.inApp
  return (
    <li className="notification-setting" data-kind={kind}>
      <div className="notification-setting-words">
        <span className="notification-setting-label">{label}</span>
        <span className="muted small">{hint}</span>
        {inApp ? null : (
          <span className="muted small" id={needsInApp}>
            {COPY.desktopNeedsInApp}
          </span>
        )}
      </div>
      <div className="notification-setting-switches">
        {desktopOnly ? null : (
          <ChannelSwitch
            channel="inApp"
            text={COPY.inApp}
            label={COPY.inAppLabel(label)}
            checked={channels.inApp}
            disabled={saving.includes(`${kind}.inApp`)}
            onChange={(on) => void change({ kind, channel: 'inApp', on })}
          />
        )}
        <ChannelSwitch
          channel="desktop"
          text={COPY.desktop}
          label={COPY.desktopLabel(label)}
          // Shown off while in-app is off: nothing of the kind arrives to show.
          checked={inApp && channels.desktop}
          disabled={!inApp || saving.includes(`${kind}.desktop`)}
          describedBy={inApp ? undefined : needsInApp}
          onChange={(on) => void change({ kind, channel: 'desktop', on })}
        />
      </div>
    </li>
  )
}

/** What the system allows, and in a browser the button that asks (from the click). */
function DesktopPermissionCard() {
  const [permission, setPermission] = useState<DesktopPermission>(() => desktopPermission())
  const [asking, setAsking] = useState(false)
  const [refused, setRefused] = useState(false)

  const ask = async () => {
    setAsking(true)
    const answer = await askDesktopPermission()
    setAsking(false)
    setPermission(answer)
    setRefused(answer !== 'granted')
  }

  const said =
    permission === 'granted'
      ? COPY.permission.granted
      : permission === 'denied'
        ? refused
          ? COPY.permission.refused
          : COPY.permission.denied
        : permission === 'unsupported'
          ? COPY.permission.unsupported
          : asking
            ? COPY.permission.asking
            : refused
              ? COPY.permission.refused
              : COPY.permission.default
  return (
    <ServerCard
      id="desktop-permission-title"
      icon="bell"
      title={COPY.desktopTitle}
      hint={COPY.desktopHint}
    >
      <p
        className={permission === 'denied' || refused ? 'field-error' : 'muted'}
        role="status"
        data-permission={permission}
      >
        {said}
      </p>
      {permission === 'default' ? (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={asking}
          onClick={() => void ask()}
        >
          {COPY.permission.ask}
        </button>
      ) : null}
    </ServerCard>
  )
}

/**
 * `/notifications/settings`: per kind of notification, in the app and on the desktop
 * (state/notification-settings.ts); each switch is saved as it changes.
 */
export function NotificationSettingsPage() {
  const state = useAtomValue(notificationSettingsAtom)
  const load = useSetAtom(loadNotificationSettingsAtom)
  useEffect(() => {
    void load()
  }, [load])

  let content
  if (!state.settings) {
    content = state.loadError ? (
      <ErrorState message={state.loadError} onRetry={() => void load()} />
    ) : (
      <Spinner label={COPY.loading} />
    )
  } else {
    const settings = state.settings
    content = (
      <section className="card notification-settings" aria-label={COPY.kindsLabel}>
        <ul className="notification-setting-list">
          {NOTIFICATION_KINDS.map((kind) => (
            <KindRow key={kind} kind={kind} channels={settings[kind]} saving={state.saving} />
          ))}
        </ul>
        {state.changeError ? (
          <p className="field-error" role="alert">
            {COPY.changeFailed(state.changeError)}
          </p>
        ) : null}
        <p className="muted small">{COPY.inAppOffNote}</p>
        <p className="muted small">{COPY.messagesNote}</p>
      </section>
    )
  }

  return (
    <section
      className="page-single notification-settings-page"
      data-main-column
      aria-labelledby="notification-settings-title"
    >
      <div className="page-title-row">
        <Link to="/notifications" className="icon-btn" aria-label={COPY.back} title={COPY.back}>
          <Icon name="back" />
        </Link>
        <h1 id="notification-settings-title" className="page-title">
          {COPY.title}
        </h1>
      </div>
      <p className="muted page-lead">{COPY.lead}</p>
      {content}
      <DesktopPermissionCard />
    </section>
  )
}
