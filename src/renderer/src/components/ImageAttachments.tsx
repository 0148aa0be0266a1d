import { useRef } from 'react'
import { LIMITS } from '../../../shared/limits'
import { ATTACHABLE_CLIPS, ATTACHABLE_IMAGES, type AttachmentsState } from '../state/attachments'
import { AttachmentPreview, LostAttachmentNote, MediaLimitsHint } from './AttachmentParts'
import { Icon } from './Icon'
import { SCREENS_COPY } from '../copy-screens'

/** Whether the composer can take another file: fewer than four, lost ones included. */
const hasRoom = (state: AttachmentsState) => state.items.length < LIMITS.postImagesMax

/**
 * The images of a new post: previews, per-upload progress, alt text, remove; a draft's lost ones
 * as lost. With `hint` (the attach button is shown), a server that takes clips has its limits said
 * under them, before anything is picked.
 */
export function ImageAttachments({
  state,
  hint = false,
}: {
  state: AttachmentsState
  hint?: boolean
}) {
  const showHint = hint && state.clips && hasRoom(state)
  if (state.items.length === 0 && !state.notice && !showHint) return null
  return (
    <div className="attachments">
      {state.notice ? (
        <p className="field-error" role="alert">
          {state.notice}
        </p>
      ) : null}
      {state.items.length === 0 ? null : (
        <ul className="attachment-list">
          {state.items.map((item, index) => (
            <li key={item.key} className={`attachment${item.lost ? ' attachment-lost' : ''}`}>
              <AttachmentPreview item={item} />
              <div className="attachment-body">
                <p className="attachment-name small" dir="auto">
                  {item.kind === 'clip' ? <Icon name="play" size={14} /> : null}
                  <span>{item.name}</span>
                </p>
                {item.lost ? <LostAttachmentNote /> : null}
                {item.lost ? null : item.note ? (
                  <p className="attachment-note muted small" role="status">
                    {item.note}
                  </p>
                ) : null}
                {item.error ? (
                  <p className="field-error" role="alert">
                    {item.name}: {item.error}
                  </p>
                ) : item.media ? null : (
                  <progress
                    value={item.progress}
                    max={1}
                    aria-label={`Uploading ${item.kind === 'clip' ? 'clip' : 'image'} ${index + 1}`}
                  />
                )}
                {item.lost ? null : (
                  <input
                    className="attachment-alt"
                    value={item.alt}
                    maxLength={LIMITS.altMax}
                    placeholder={
                      item.kind === 'clip'
                        ? SCREENS_COPY.attachments.altPlaceholder
                        : 'Describe the image (alt text)'
                    }
                    aria-label={`Alt text for ${item.kind === 'clip' ? 'clip' : 'image'} ${index + 1}`}
                    onChange={(event) => state.setAlt(item.key, event.target.value)}
                  />
                )}
              </div>
              <button
                type="button"
                className="icon-btn sm"
                aria-label={`Remove ${item.kind === 'clip' ? 'clip' : 'image'} ${index + 1}`}
                onClick={() => state.remove(item.key)}
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {showHint ? <MediaLimitsHint id={state.hintId} clipLimit={state.clipLimitText} /> : null}
    </div>
  )
}

/** The "add images" button with its hidden file input. */
export function AddImagesButton({ state }: { state: AttachmentsState }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const full = !hasRoom(state)
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={state.clips ? SCREENS_COPY.attachments.addLabel : 'Add images'}
        // The limits line under the composer (ImageAttachments with `hint`) describes it.
        aria-describedby={state.clips && !full ? state.hintId : undefined}
        title={
          full
            ? `At most ${LIMITS.postImagesMax} images`
            : state.clips
              ? SCREENS_COPY.attachments.addTitleWithLimits(state.clipLimitText)
              : 'Add images (or paste, or drop)'
        }
        disabled={full}
        onClick={() => inputRef.current?.click()}
      >
        <Icon name="image" size={20} />
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={(state.clips
          ? [...ATTACHABLE_IMAGES, ...ATTACHABLE_CLIPS]
          : ATTACHABLE_IMAGES
        ).join(',')}
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Image files"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = ''
          state.add(files)
        }}
      />
    </>
  )
}
