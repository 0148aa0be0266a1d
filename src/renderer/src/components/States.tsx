import type { ReactNode } from 'react'
import { Icon } from './Icon'

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state card">
      <div className="empty-glyph" aria-hidden="true">
        <Icon name="gamepad" size={40} />
      </div>
      <p className="empty-title">{title}</p>
      {children}
    </div>
  )
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="error-state card" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        <Icon name="refresh" size={16} /> Retry
      </button>
    </div>
  )
}
