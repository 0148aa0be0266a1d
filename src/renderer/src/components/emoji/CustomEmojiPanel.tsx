/**
 * The host's custom emoji on the Server page (docs/API.md, "Custom emoji"): the list with each
 * image and name, an upload (name and image, previewed, checked here first so that most
 * mistakes are said before anything is sent) and a delete behind a confirmation.
 */
import { useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { isShortcode } from '../../../../shared/custom-emoji'
import { LIMITS } from '../../../../shared/limits'
import { CUSTOM_EMOJI_COPY as WORDS } from '../../copy-custom-emoji'
import { messageOf, notifyFailure, notifySuccess } from '../../lib/notify'
import { addCustomEmojiAtom, removeCustomEmojiAtom, useCustomEmoji } from '../../state/custom-emoji'
import { ConfirmDialog } from '../ConfirmDialog'
import { Icon } from '../Icon'
import { ServerCard } from '../ServerCard'
import { Spinner } from '../Spinner'
import { CustomEmojiImage } from './CustomEmojiText'

/** What the server takes (it reads the bytes, not this type). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

/** What is wrong with a picked file before anything is sent, or null. */
function fileProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return WORDS.notAnImage(file.name)
  if (file.size > LIMITS.imageBytes) return WORDS.tooLarge(file.name)
  return null
}

export function CustomEmojiPanel() {
  const known = useCustomEmoji()
  const add = useSetAtom(addCustomEmojiAtom)
  const remove = useSetAtom(removeCustomEmojiAtom)
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [shortcode, setShortcode] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<{ field: 'name' | 'file'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [removing, setRemoving] = useState<string | null>(null)

  useEffect(() => {
    if (!file) return setPreview(null)
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const name = shortcode.trim().replaceAll(':', '')
    if (!isShortcode(name)) return setProblem({ field: 'name', text: WORDS.badShortcode })
    if (known?.byShortcode.has(name)) return setProblem({ field: 'name', text: WORDS.taken(name) })
    if (!file) return setProblem({ field: 'file', text: WORDS.noFile })
    const wrong = fileProblem(file)
    if (wrong) return setProblem({ field: 'file', text: wrong })
    setProblem(null)
    setBusy(true)
    try {
      await add({ shortcode: name, file })
      notifySuccess(WORDS.added(name))
      setShortcode('')
      setFile(null)
      if (fileRef.current) fileRef.current.value = ''
    } catch (error) {
      // The server's sentence: a taken name, an image it cannot read, a full list…
      setProblem({ field: 'file', text: messageOf(error) })
    } finally {
      setBusy(false)
    }
  }

  const nameError = problem?.field === 'name' ? problem.text : null
  const fileError = problem?.field === 'file' ? problem.text : null
  return (
    <ServerCard id={`${id}-title`} icon="smile" title={WORDS.panelTitle} hint={WORDS.panelIntro}>
      {known === null ? (
        <Spinner label={WORDS.loading} />
      ) : known.list.length === 0 ? (
        <p className="muted">{WORDS.empty}</p>
      ) : (
        <>
          <p className="muted small">{WORDS.count(known.list.length)}</p>
          <ul className="custom-emoji-list">
            {known.list.map(({ shortcode: name, url }) => (
              <li key={name} className="custom-emoji-item">
                <CustomEmojiImage shortcode={name} url={url} />
                <span className="custom-emoji-name">:{name}:</span>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={WORDS.remove(name)}
                  title={WORDS.remove(name)}
                  onClick={() => setRemoving(name)}
                >
                  <Icon name="trash" size={16} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <form className="custom-emoji-form" onSubmit={(event) => void submit(event)} noValidate>
        <h3 className="custom-emoji-form-title">{WORDS.addTitle}</h3>
        <div className="field">
          <label htmlFor={`${id}-name`}>{WORDS.shortcodeLabel}</label>
          <input
            id={`${id}-name`}
            value={shortcode}
            autoCapitalize="off"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ''}`}
            onChange={(event) => setShortcode(event.target.value)}
          />
          <p id={`${id}-name-hint`} className="muted small">
            {WORDS.shortcodeHint}
          </p>
          {nameError ? (
            <p id={`${id}-name-error`} className="field-error" role="alert">
              {nameError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-file`}>{WORDS.fileLabel}</label>
          <div className="custom-emoji-file">
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ''}`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null)
                setProblem(null)
              }}
            />
            {preview ? (
              <img
                className="custom-emoji-preview"
                src={preview}
                alt={WORDS.preview(shortcode.trim().replaceAll(':', ''))}
              />
            ) : null}
          </div>
          <p id={`${id}-file-hint`} className="muted small">
            {WORDS.fileHint}
          </p>
          {fileError ? (
            <p id={`${id}-file-error`} className="field-error" role="alert">
              {fileError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? WORDS.adding : WORDS.add}
        </button>
      </form>
      {removing ? (
        <ConfirmDialog
          title={WORDS.removeTitle(removing)}
          text={WORDS.removeText}
          confirmLabel={WORDS.removeConfirm}
          onConfirm={async () => {
            try {
              await remove(removing)
              notifySuccess(WORDS.removed(removing))
            } catch (error) {
              notifyFailure(error)
            }
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </ServerCard>
  )
}
