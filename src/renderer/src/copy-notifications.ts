/**
 * Words of the notification settings page (routes/NotificationSettingsPage.tsx), which no first
 * screen shows; written as docs/WORDS.md says, like copy.ts.
 */
import type { NotificationKind } from '../../shared/notification-kinds'

export const NOTIFICATION_SETTINGS_COPY = {
  title: 'Notification settings',
  link: 'Notification settings',
  lead: 'Choose what you hear about. Your choices are saved to your account, so they follow you to every device.',
  back: 'Back to notifications',
  loading: 'Loading your notification settings',
  kindsLabel: 'Kinds of notification',
  inApp: 'In the app',
  desktop: 'Desktop',
  inAppLabel: (kind: string) => `${kind}: in the app`,
  desktopLabel: (kind: string) => `${kind}: desktop notification`,
  desktopNeedsInApp: 'Turn on “In the app” to get desktop notifications of this.',
  inAppOffNote:
    'When “In the app” is off, you don’t get these at all: they don’t show in the list or the count.',
  messagesNote:
    'Messages don’t go in your notifications: new ones show on the Messages page and its badge, and on the desktop if you like.',
  kinds: {
    likes: { label: 'Likes and upvotes', hint: 'Someone likes your post or upvotes your comment' },
    reactions: { label: 'Emoji reactions', hint: 'Someone reacts to your post' },
    comments: {
      label: 'Comments and replies',
      hint: 'Someone comments on your post or replies to your comment',
    },
    mentions: { label: 'Mentions', hint: 'Someone names you with @ in a post or a comment' },
    reposts: { label: 'Reposts and quotes', hint: 'Someone reposts or quotes your post' },
    follows: { label: 'New followers', hint: 'Someone follows you' },
    'poll-ends': { label: 'Polls ending', hint: 'A poll you made or voted in has ended' },
    reports: {
      label: 'Reports',
      hint: 'A host handled your report (and for hosts: someone reported something)',
    },
    'game-nights': {
      label: 'Game nights',
      hint: 'Reminders, changes, cancellations, and a place freed up for you',
    },
    messages: {
      label: 'Messages',
      hint: 'A new message in a conversation you haven’t muted, while you’re not reading it',
    },
  } satisfies Record<NotificationKind, { label: string; hint: string }>,
  desktopTitle: 'Desktop notifications',
  desktopHint: 'Shown by your system when something new comes in while Gamerstage isn’t in front.',
  permission: {
    granted: 'Desktop notifications are allowed here.',
    default: 'Your browser needs your OK before Gamerstage can show desktop notifications.',
    ask: 'Allow desktop notifications',
    asking: 'Waiting for your browser…',
    denied:
      'Your browser blocked desktop notifications for this site. To get them, allow notifications in the browser’s site settings, then reload.',
    refused: 'Your browser said no, so there won’t be desktop notifications here.',
    unsupported: 'This browser can’t show desktop notifications. The bell still counts new ones.',
  },
  changeFailed: (reason: string) => `That change wasn’t saved: ${reason}`,
}
