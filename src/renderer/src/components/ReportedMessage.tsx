import type { ReportedMessageContext, ReportTarget } from '../../../shared/api-types'
import { REPORTED_MESSAGE_COPY } from '../copy-conversations'
import { RelativeTime } from './RelativeTime'
import '../styles/reported-message.css'

type MessageTarget = Extract<ReportTarget, { kind: 'message' }>

function ContextLine({ item }: { item: ReportedMessageContext }) {
  return (
    <li className="reported-message-line">
      <bdi className="reported-message-author">{item.author.username}</bdi>{' '}
      <span className="muted small">
        <RelativeTime iso={item.createdAt} />
      </span>
      <p className={`reported-message-text${item.deleted ? ' muted' : ''}`} dir="auto">
        {item.deleted ? REPORTED_MESSAGE_COPY.deletedMark : item.text}
      </p>
    </li>
  )
}

/**
 * A reported conversation message in the host's reports (ReportsPanel): the conversation's kind
 * and name, a few messages before and after as its reporter saw them, and the message itself
 * marked. Nothing else of the conversation reaches the host (docs/API.md, "Moderation").
 */
export function ReportedMessage({ target }: { target: MessageTarget }) {
  const where =
    target.conversation.kind === 'group'
      ? REPORTED_MESSAGE_COPY.inGroup(target.conversation.name ?? '')
      : REPORTED_MESSAGE_COPY.inDirect
  return (
    <div className="reported-message">
      <p className="small muted reported-message-where">
        <bdi>{where}</bdi>
      </p>
      <ol className="reported-message-context" aria-label={REPORTED_MESSAGE_COPY.contextLabel}>
        {target.before.map((item) => (
          <ContextLine key={item._id} item={item} />
        ))}
        <li className="reported-message-line reported-message-reported" aria-current="true">
          <bdi className="reported-message-author">{target.author.username}</bdi>{' '}
          <span className="muted small">
            <RelativeTime iso={target.createdAt} /> · {REPORTED_MESSAGE_COPY.thisOne}
          </span>
          <p className={`reported-message-text${target.deleted ? ' muted' : ''}`} dir="auto">
            {target.deleted ? REPORTED_MESSAGE_COPY.deletedMark : target.text}
          </p>
        </li>
        {target.after.map((item) => (
          <ContextLine key={item._id} item={item} />
        ))}
      </ol>
    </div>
  )
}
