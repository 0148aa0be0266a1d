/**
 * The full emoji picker: search, categories, skin tones and this device's recent picks, drawn
 * with frimousse over Emojibase's data, which the app ships (vite.web.config.ts, emojiData).
 * Loaded with the first picker opened (EmojiButton.tsx, ReactionBar.tsx): not in the first load.
 */
import { EmojiPicker, type SkinTone } from 'frimousse'
import { useState } from 'react'
import { CUSTOM_EMOJI_COPY } from '../../copy-custom-emoji'
import { useCustomEmoji } from '../../state/custom-emoji'
import { CustomEmojiImage } from './CustomEmojiText'
import {
  readRecentEmoji,
  readSkinTone,
  rememberEmoji,
  SKIN_TONES,
  storeSkinTone,
} from '../../lib/recent-emoji'
import '../../styles/emoji.css'
import { SCREENS_COPY } from '../../copy-screens'

/** Where the data is: the build's copy, or (tests without the build's define) the same path. */
const EMOJIBASE_URL: string =
  (import.meta.env.VITE_EMOJIBASE_URL as string | undefined) ?? '/assets/emojibase'

/** An ARIA position (from 1) for one of frimousse's (from 0), when it gives one. */
function fromOne(index: number | string | undefined): number | undefined {
  return index === undefined ? undefined : Number(index) + 1
}

export interface EmojiPanelProps {
  /** Told the emoji picked (with the chosen skin tone), as the picker draws it. */
  onPick: (emoji: string) => void
}

export function EmojiPanel({ onPick }: EmojiPanelProps) {
  const [recent, setRecent] = useState(readRecentEmoji)
  const [skinTone, setSkinTone] = useState<SkinTone>(readSkinTone)
  const pick = (emoji: string) => {
    setRecent(rememberEmoji(emoji))
    onPick(emoji)
  }
  // The server's own emoji come first, found by their shortcode (with or without colons).
  const custom = useCustomEmoji()
  const [search, setSearch] = useState('')
  const wanted = search.trim().toLowerCase().replaceAll(':', '')
  const ours = (custom?.list ?? []).filter((one) => one.shortcode.includes(wanted))
  return (
    <EmojiPicker.Root
      className="emoji-picker"
      emojibaseUrl={EMOJIBASE_URL}
      skinTone={skinTone}
      columns={8}
      onEmojiSelect={({ emoji }) => pick(emoji)}
    >
      <div className="emoji-picker-top">
        {/* Focused on opening: typing searches at once, arrows move through the list. */}
        <EmojiPicker.Search
          className="emoji-search"
          placeholder={SCREENS_COPY.emoji.search}
          aria-label={SCREENS_COPY.emoji.search}
          autoFocus
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className="emoji-skin-tone">
          <span className="visually-hidden">{SCREENS_COPY.emoji.skinTone}</span>
          <select
            value={skinTone}
            onChange={(event) => {
              const tone = SKIN_TONES.find((one) => one === event.target.value) ?? 'none'
              setSkinTone(tone)
              storeSkinTone(tone)
            }}
          >
            {SKIN_TONES.map((tone) => (
              <option key={tone} value={tone}>
                {SCREENS_COPY.emoji.skinTones[tone]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {ours.length > 0 ? (
        <div className="emoji-custom" role="group" aria-label={CUSTOM_EMOJI_COPY.section}>
          <div className="emoji-category" aria-hidden="true">
            {CUSTOM_EMOJI_COPY.section}
          </div>
          {ours.map(({ shortcode, url }) => (
            <button
              key={shortcode}
              type="button"
              className="emoji-cell"
              aria-label={CUSTOM_EMOJI_COPY.pick(shortcode)}
              title={CUSTOM_EMOJI_COPY.pick(shortcode)}
              onClick={() => onPick(`:${shortcode}:`)}
            >
              <CustomEmojiImage shortcode={shortcode} url={url} />
            </button>
          ))}
        </div>
      ) : null}
      {recent.length > 0 ? (
        <div className="emoji-recent" role="group" aria-label={SCREENS_COPY.emoji.recent}>
          {recent.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="emoji-cell"
              aria-label={emoji}
              onClick={() => pick(emoji)}
            >
              {emoji}
            </button>
          ))}
        </div>
      ) : null}
      {/* Focusable, so that the list scrolls with the keyboard too (Tab from the search). */}
      <EmojiPicker.Viewport
        className="emoji-viewport"
        tabIndex={0}
        aria-label={SCREENS_COPY.emoji.list}
      >
        <EmojiPicker.Loading className="emoji-state">
          {SCREENS_COPY.emoji.loading}
        </EmojiPicker.Loading>
        <EmojiPicker.Empty className="emoji-state">
          {({ search }) => SCREENS_COPY.emoji.none(search)}
        </EmojiPicker.Empty>
        <EmojiPicker.List
          className="emoji-list"
          components={{
            CategoryHeader: ({ category, ...props }) => (
              <div className="emoji-category" {...props}>
                {category.label}
              </div>
            ),
            // frimousse counts rows and columns from 0; ARIA counts them from 1.
            Row: ({ children, ...props }) => (
              <div {...props} aria-rowindex={fromOne(props['aria-rowindex'])}>
                {children}
              </div>
            ),
            Emoji: ({ emoji, ...props }) => (
              <button
                className={`emoji-cell${emoji.isActive ? ' active' : ''}`}
                aria-label={emoji.label}
                title={emoji.label}
                {...props}
                aria-colindex={fromOne(props['aria-colindex'])}
              >
                {emoji.emoji}
              </button>
            ),
          }}
        />
      </EmojiPicker.Viewport>
    </EmojiPicker.Root>
  )
}
