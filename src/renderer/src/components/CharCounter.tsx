/** How close to the limit the counter starts speaking to screen readers. */
const NEAR_FRACTION = 0.9

/**
 * "12 / 1000", turning red past the limit. Screen readers hear it only near or past the limit,
 * not on every keystroke.
 */
export function CharCounter({ length, max }: { length: number; max: number }) {
  const over = length > max
  const near = !over && length > max * NEAR_FRACTION
  let announcement = ''
  if (over) announcement = `${length - max} characters over the limit of ${max}`
  else if (near) announcement = `${max - length} characters left`
  return (
    <span className={`char-counter${over ? ' over' : near ? ' near' : ''}`}>
      <span aria-hidden="true">
        {length} / {max}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
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
