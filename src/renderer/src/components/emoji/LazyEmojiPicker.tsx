import { lazyComponent } from '../../lib/lazy-component'

/**
 * The emoji picker and its popover load with the first one opened, with their styles
 * (styles/emoji.css): not in the first load. Nothing shows meanwhile, a few milliseconds from the
 * server; then the picker says it is loading its data (EmojiPanel.tsx).
 */
export const LazyEmojiPicker = lazyComponent(() =>
  import('./EmojiPopover').then((module) => module.EmojiPickerPopover),
)
