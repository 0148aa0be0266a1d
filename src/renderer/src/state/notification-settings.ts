/**
 * The signed-in user's notification settings (docs/API.md, "Notification settings"), kept on
 * the server so that they follow the user to every device, and the system notifications they
 * switch on (lib/desktop-notifications.ts). Loaded at sign-in and on every (re)connection, and
 * again when the window goes to the background, so that a change made on another device holds
 * by the time a system notification is decided.
 */
import { atom } from 'jotai'
import type { LiveEventMap, Notification } from '../../../shared/api-types'
import type {
  NotificationChannels,
  NotificationKind,
  NotificationSettings,
} from '../../../shared/notification-kinds'
import * as api from '../api/notifications'
import {
  desktopPermission,
  shouldShowDesktop,
  showDesktop,
  windowInFront,
} from '../lib/desktop-notifications'
import { messageOf } from '../lib/notify'
import { applyLiveEvents } from '../live/bus'
import { userAtom } from './auth'
import { notifyMessageAtom } from './message-notifications'
import { requestRedirectAtom } from './navigation'
import type { Store } from './notifications'

export interface NotificationSettingsState {
  /** Null until loaded. */
  settings: NotificationSettings | null
  loading: boolean
  /** Why the last load failed (the page shows it with a retry). */
  loadError: string | null
  /** Why the last change failed; the switch went back. */
  changeError: string | null
  /** The switches whose change is under way: "likes.inApp". */
  saving: readonly string[]
}

const EMPTY: NotificationSettingsState = {
  settings: null,
  loading: false,
  loadError: null,
  changeError: null,
  saving: [],
}

export const notificationSettingsAtom = atom<NotificationSettingsState>(EMPTY)

/** Bumped on sign-out, so that answers for the previous account land nowhere. */
const settingsSessionAtom = atom(0)

export const loadNotificationSettingsAtom = atom(null, async (get, set) => {
  const session = get(settingsSessionAtom)
  set(notificationSettingsAtom, { ...get(notificationSettingsAtom), loading: true })
  try {
    const { settings } = await api.getNotificationSettings()
    if (get(settingsSessionAtom) !== session) return
    // A change under way keeps its switch as the user set it.
    set(notificationSettingsAtom, {
      ...get(notificationSettingsAtom),
      settings,
      loading: false,
      loadError: null,
    })
  } catch (error) {
    if (get(settingsSessionAtom) !== session) return
    set(notificationSettingsAtom, {
      ...get(notificationSettingsAtom),
      loading: false,
      loadError: messageOf(error),
    })
  }
})

export interface SettingChange {
  kind: NotificationKind
  channel: keyof NotificationChannels
  on: boolean
}

/**
 * Turns one switch on or off: shown at once, sent to the server, and put back with the reason
 * when the server refuses or cannot be reached. Turning in-app off leaves desktop as it is: the
 * page shows desktop as off while in-app is, and it comes back with in-app.
 */
export const changeNotificationSettingAtom = atom(
  null,
  async (get, set, { kind, channel, on }: SettingChange) => {
    const state = get(notificationSettingsAtom)
    if (!state.settings) return
    const key = `${kind}.${channel}`
    const before = state.settings[kind][channel]
    const session = get(settingsSessionAtom)
    const setSwitch = (value: boolean, saving: (list: readonly string[]) => readonly string[]) => {
      const now = get(notificationSettingsAtom)
      if (!now.settings) return
      set(notificationSettingsAtom, {
        ...now,
        settings: { ...now.settings, [kind]: { ...now.settings[kind], [channel]: value } },
        saving: saving(now.saving),
      })
    }
    setSwitch(on, (list) => [...list, key])
    set(notificationSettingsAtom, { ...get(notificationSettingsAtom), changeError: null })
    try {
      await api.changeNotificationSettings({ [kind]: { [channel]: on } })
      if (get(settingsSessionAtom) !== session) return
      setSwitch(on, (list) => list.filter((one) => one !== key))
    } catch (error) {
      if (get(settingsSessionAtom) !== session) return
      setSwitch(before, (list) => list.filter((one) => one !== key))
      set(notificationSettingsAtom, {
        ...get(notificationSettingsAtom),
        changeError: messageOf(error),
      })
    }
  },
)

/** A new notification, live: a system notification when the window is not in front. */
const desktopOnLiveAtom = atom(
  null,
  (get, set, { notification }: { notification: Notification }) => {
    const show = shouldShowDesktop({
      type: notification.type,
      settings: get(notificationSettingsAtom).settings,
      inFront: windowInFront(),
      permission: desktopPermission(),
    })
    if (!show) return
    showDesktop(notification, get(userAtom)?._id, (path) => set(requestRedirectAtom, path))
  },
)

/** A new message, live: a system notification by the `messages` kind (message-notifications.ts). */
const messageDesktopAtom = atom(null, (get, set, data: LiveEventMap['message']) =>
  set(notifyMessageAtom, data, get(notificationSettingsAtom).settings),
)

/**
 * While someone is signed in: loads their settings, keeps them fresh (every (re)connection, and
 * when the window goes to the background) and shows system notifications. Answers the stop,
 * which forgets the settings (the next account starts clean).
 */
export function followNotificationSettings(store: Store): () => void {
  void store.set(loadNotificationSettingsAtom)
  const stopLive = applyLiveEvents(store, {
    ready: loadNotificationSettingsAtom,
    notification: desktopOnLiveAtom,
    message: messageDesktopAtom,
  })
  const onBackground = () => {
    if (!windowInFront()) void store.set(loadNotificationSettingsAtom)
  }
  window.addEventListener('blur', onBackground)
  document.addEventListener('visibilitychange', onBackground)
  return () => {
    stopLive()
    window.removeEventListener('blur', onBackground)
    document.removeEventListener('visibilitychange', onBackground)
    store.set(settingsSessionAtom, store.get(settingsSessionAtom) + 1)
    store.set(notificationSettingsAtom, EMPTY)
  }
}
