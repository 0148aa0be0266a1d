/** "12 / 1000", turning red past the limit. */
export function CharCounter({ length, max }: { length: number; max: number }) {
  const over = length > max
  const near = !over && length > max * 0.9
  return (
    <span
      className={`char-counter${over ? ' over' : near ? ' near' : ''}`}
      aria-live="polite"
      aria-label={`${length} of ${max} characters`}
    >
      {length} / {max}
    </span>
  )
}

/** Whether trimmed text fits [min, max]. */
export function fitsLimit(text: string, max: number, min = 1): boolean {
  const length = text.trim().length
  return length >= min && length <= max
}

/** Ctrl/Cmd+Enter in a textarea submits. */
export function isSubmitShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }) {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey)
}
