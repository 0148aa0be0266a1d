import type { ReactNode } from 'react'
import { Icon, type IconName } from './Icon'
import '../styles/server-page.css'

/** A card of the Server and Account pages: an icon, a title with a hint under it, its content. */
export function ServerCard({
  id,
  icon,
  title,
  hint,
  children,
}: {
  /** The title's id, which labels the card. */
  id: string
  icon: IconName
  title: string
  hint: string
  children: ReactNode
}) {
  return (
    <section className="card server-card" aria-labelledby={id}>
      <header className="server-card-head">
        <span className="server-card-icon" aria-hidden="true">
          <Icon name={icon} size={20} />
        </span>
        <div>
          <h2 id={id}>{title}</h2>
          <p className="muted small">{hint}</p>
        </div>
      </header>
      {children}
    </section>
  )
}
