/**
 * Words of the server's custom emoji that no first screen shows (copy.ts holds the rest, and
 * the first load carries copy.ts whole): the picker's section and the host's panel on the
 * Server page. Written as docs/WORDS.md says, like copy.ts.
 */
import { MAX_CUSTOM_EMOJI, SHORTCODE_LENGTH } from '../../shared/custom-emoji'

export const CUSTOM_EMOJI_COPY = {
  /** The picker's section of the server's own emoji, before the rest. */
  section: 'This server',
  pick: (shortcode: string) => `:${shortcode}:`,

  panelTitle: 'Custom emoji',
  panelIntro: `Your server’s own emoji. Everyone can use them in posts, comments, messages and reactions by typing :name: or picking them from the emoji picker. Up to ${MAX_CUSTOM_EMOJI}.`,
  empty: 'No custom emoji yet. Add the first one below.',
  loading: 'Loading custom emoji…',
  count: (count: number) => `${count} of ${MAX_CUSTOM_EMOJI}`,
  addTitle: 'Add an emoji',
  shortcodeLabel: 'Name',
  shortcodeHint: `${SHORTCODE_LENGTH.min}–${SHORTCODE_LENGTH.max} characters: lowercase letters, digits and _. People type it as :name:.`,
  badShortcode: `Use ${SHORTCODE_LENGTH.min} to ${SHORTCODE_LENGTH.max} characters: lowercase letters a–z, digits and _ only.`,
  taken: (shortcode: string) => `There is already an emoji called :${shortcode}:.`,
  fileLabel: 'Image',
  fileHint:
    'PNG, JPEG, GIF or WebP, at most 5 MB. It is shrunk to fit 128×128; an animated GIF stays animated.',
  chooseFile: 'Choose an image',
  noFile: 'Choose an image first.',
  notAnImage: (name: string) => `${name} is not an image: pick a PNG, JPEG, GIF or WebP picture.`,
  tooLarge: (name: string) => `${name} is too large: an emoji image can be up to 5 MB.`,
  preview: (shortcode: string) => `Preview of :${shortcode || 'name'}:`,
  add: 'Add emoji',
  adding: 'Adding…',
  added: (shortcode: string) => `Added :${shortcode}:.`,
  remove: (shortcode: string) => `Delete :${shortcode}:`,
  removeTitle: (shortcode: string) => `Delete :${shortcode}:?`,
  removeText:
    'Reactions with it are removed too. Posts and messages that use it show its name as text instead.',
  removeConfirm: 'Delete',
  removed: (shortcode: string) => `Deleted :${shortcode}:.`,
} as const
