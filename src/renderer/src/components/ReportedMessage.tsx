import type { ReportedMessageContext, ReportTarget } from '../../../shared/api-types'
import { COPY } from '../copy'
import { RelativeTime } from './RelativeTime'

type MessageTarget = Extract<ReportTarget, { kind: 'message' }>

function ContextLine({ item }: { item: ReportedMessageContext }) {
  return (
    <li className="reported-message-line">
      <bdi className="reported-message-author">{item.author.username}</bdi>{' '}
      <span className="muted small">
        <RelativeTime iso={item.createdAt} />
      </span>
      <p className={`reported-message-text${item.deleted ? ' muted' : ''}`} dir="auto">
        {item.deleted ? COPY.reportedMessage.deleted : item.text}
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
      ? COPY.reportedMessage.inGroup(target.conversation.name ?? '')
      : COPY.reportedMessage.inDirect
  return (
    <div className="reported-message">
      <p className="small muted reported-message-where">
        <bdi>{where}</bdi>
      </p>
      <ol className="reported-message-context" aria-label={COPY.reportedMessage.contextLabel}>
        {target.before.map((item) => (
          <ContextLine key={item._id} item={item} />
        ))}
        <li className="reported-message-line reported-message-reported" aria-current="true">
          <bdi className="reported-message-author">{target.author.username}</bdi>{' '}
          <span className="muted small">
            <RelativeTime iso={target.createdAt} /> · {COPY.reportedMessage.thisOne}
          </span>
          <p className={`reported-message-text${target.deleted ? ' muted' : ''}`} dir="auto">
            {target.deleted ? COPY.reportedMessage.deleted : target.text}
          </p>
        </li>
        {target.after.map((item) => (
          <ContextLine key={item._id} item={item} />
        ))}
      </ol>
    </div>
  )
}
