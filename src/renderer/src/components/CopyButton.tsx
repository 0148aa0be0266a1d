import { useEffect, useState } from 'react'
import { copyText } from '../lib/clipboard'
import { notifyError } from '../lib/notify'
import { Icon } from './Icon'
import { COPY } from '../copy'

/** Copies `text`; says "Copied" for a moment. */
export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    if (await copyText(text)) setCopied(true)
    else notifyError(COPY.toasts.addressNotCopied)
  }

  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-label={`Copy ${text}`}
      onClick={() => void copy()}
    >
      <Icon name={copied ? 'check' : 'copy'} size={16} />
      <span className="copy-label" aria-live="polite">
        {copied ? 'Copied' : 'Copy'}
      </span>
    </button>
  )
}
