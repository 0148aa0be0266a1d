import { useEffect, useState } from 'react'
import type { ClipboardEvent, DragEvent } from 'react'
import { LIMITS } from '../../../shared/limits'
import { AddImagesButton, ImageAttachments, useAttachments } from './ImageAttachments'
import { TextEditor } from './TextEditor'
import { SPEC_TEXT } from '../copy'
import { useServerFeature } from '../state/server-features'

interface NewPostEditorProps {
  draftKey?: string
  onDirtyChange: (dirty: boolean) => void
  /** Resolves to null once the server accepted the post, else to why not. */
  onSubmit: (text: string, media: { id: string; alt: string }[]) => Promise<string | null>
}

/** The New Post form: text and up to four images (button, paste or drop), each with alt text. */
export function NewPostEditor({ draftKey, onDirtyChange, onSubmit }: NewPostEditorProps) {
  const clips = useServerFeature('clips')
  const attachments = useAttachments({ draftKey, clips })
  const [dragging, setDragging] = useState(false)
  const [textDirty, setTextDirty] = useState(false)
  const attachedCount = attachments.items.length
  useEffect(
    () => onDirtyChange(textDirty || attachedCount > 0),
    [textDirty, attachedCount, onDirtyChange],
  )
  const hasImages = attachments.refs.length > 0

  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files]
    if (files.length > 0) {
      event.preventDefault()
      attachments.add(files)
    }
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    attachments.add([...event.dataTransfer.files])
  }

  return (
    <div
      className={`new-post-editor${dragging ? ' dragging' : ''}`}
      onPaste={onPaste}
      onDragOver={(event) => {
        if ([...event.dataTransfer.types].includes('Files')) {
          event.preventDefault()
          setDragging(true)
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <TextEditor
        label="Post text"
        placeholder={SPEC_TEXT.postPlaceholder}
        max={LIMITS.postMax}
        submitLabel="Post"
        pendingLabel="Posting…"
        rows={6}
        autoFocus
        draftKey={draftKey}
        allowEmpty={hasImages}
        blocked={attachments.uploading}
        onDirtyChange={setTextDirty}
        onSubmit={(text) => onSubmit(text, attachments.refs)}
        footerStart={<AddImagesButton state={attachments} />}
      >
        <ImageAttachments state={attachments} />
      </TextEditor>
    </div>
  )
}
