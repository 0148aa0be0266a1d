/**
 * Puts `insert` into a text field's value where its caret is (over any selection), and the caret
 * after it once React has drawn the new value. Answers the new value for the field's state.
 */
export function insertAtCaret(
  field: HTMLTextAreaElement | HTMLInputElement | null,
  value: string,
  insert: string,
): string {
  const start = field?.selectionStart ?? value.length
  const end = field?.selectionEnd ?? value.length
  const next = value.slice(0, start) + insert + value.slice(end)
  const caret = start + insert.length
  requestAnimationFrame(() => {
    if (!field) return
    field.focus()
    field.setSelectionRange(caret, caret)
  })
  return next
}
