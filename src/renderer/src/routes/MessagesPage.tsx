/**
 * Messages: the signed-in user's conversations beside the one open. On a phone the
 * two take turns: the list at /messages, a conversation at /messages/:conversationId with a way
 * back. History pages upward ("Show older messages", and by itself when scrolled to the top).
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import type { Conversation, ConversationMessage } from '../../../shared/conversation-types'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import { EditedMark, RelativeTime } from '../components/RelativeTime'
import { EmptyState, ErrorState } from '../components/States'
import { MessageComposer } from '../components/MessageComposer'
import { ConversationDetails } from '../components/messages/ConversationDetails'
import { NewGroupDialog } from '../components/messages/NewGroupDialog'
import { GroupPictureControls } from '../components/GroupPictureControls'
import { MessageReactButton, MessageReactionChips } from '../components/MessageReactions'
import { PostMedia } from '../components/PostMedia'
import { MESSAGE_MEDIA_COPY } from '../copy-messages'
import { ConversationSearch } from '../components/ConversationSearch'
import { TypingLine } from '../components/TypingLine'
import { CONVERSATION_SEARCH_COPY } from '../copy-conversations'
import { lazyComponent } from '../lib/lazy-component'
import { loadUntilMessageAtom } from '../state/conversation-search'
import { followConversationTalk } from '../state/conversation-talk'
import { Spinner } from '../components/Spinner'
import { MESSAGES_COPY } from '../copy-messages'
import { RichText } from '../components/PostText'
import { messageOf, notifyError } from '../lib/notify'
import { userAtom } from '../state/auth'
import {
  conversationTitle,
  conversationsAtom,
  conversationsErrorAtom,
  deleteMessageAtom,
  historiesAtom,
  loadConversationsAtom,
  loadHistoryAtom,
  loadOlderAtom,
  markReadAtom,
  openConversationIdAtom,
} from '../state/conversations'
import '../styles/messages.css'

const ReportDialog = lazyComponent(() =>
  import('../components/ReportDialog').then((module) => module.ReportDialog),
)

export function MessagesPage() {
  const { conversationId } = useParams()
  const load = useSetAtom(loadConversationsAtom)
  const conversations = useAtomValue(conversationsAtom)
  const error = useAtomValue(conversationsErrorAtom)
  const [startingGroup, setStartingGroup] = useState(false)
  const store = useStore()
  useEffect(() => {
    void load()
  }, [load])
  // Who is typing matters only here: followed while the page is open.
  useEffect(() => followConversationTalk(store), [store])
  return (
    <section
      className={`messages-page${conversationId ? ' has-open' : ''}`}
      data-main-column
      aria-labelledby="messages-title"
    >
      <div className="messages-list-pane">
        <div className="messages-list-head">
          <h1 id="messages-title" className="page-title">
            Messages
          </h1>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setStartingGroup(true)}
          >
            <Icon name="plus" size={16} /> {MESSAGES_COPY.newGroup}
          </button>
        </div>
        {error && !conversations ? (
          <ErrorState message={error} onRetry={() => void load()} />
        ) : !conversations ? (
          <Spinner label="Loading your conversations" />
        ) : conversations.length === 0 ? (
          <EmptyState title="No conversations yet">
            <p className="muted">
              Open someone’s profile and press Message to start one, or start a group.
            </p>
          </EmptyState>
        ) : (
          <ConversationList conversations={conversations} openId={conversationId ?? null} />
        )}
        {startingGroup ? <NewGroupDialog onClose={() => setStartingGroup(false)} /> : null}
      </div>
      <div className="messages-view-pane">
        {conversationId ? (
          <ConversationView key={conversationId} conversationId={conversationId} />
        ) : (
          <p className="muted messages-pick">Pick a conversation to read it here.</p>
        )}
      </div>
    </section>
  )
}

function ConversationList({
  conversations,
  openId,
}: {
  conversations: Conversation[]
  openId: string | null
}) {
  const me = useAtomValue(userAtom)
  return (
    <ul className="conversation-list" aria-label="Conversations">
      {conversations.map((conversation) => {
        const title = conversationTitle(conversation, me?._id)
        const last = conversation.lastMessage
        const unread = conversation.unreadCount
        return (
          <li key={conversation._id}>
            <Link
              to={`/messages/${conversation._id}`}
              className={`conversation-row${conversation._id === openId ? ' active' : ''}`}
              aria-current={conversation._id === openId ? 'page' : undefined}
              data-conversation-id={conversation._id}
            >
              <ConversationPicture conversation={conversation} title={title} size={40} />
              <span className="conversation-text">
                <bdi className="conversation-title">{title}</bdi>
                <span className="muted small conversation-last">
                  {last
                    ? last.deleted
                      ? 'Message deleted'
                      : last.text ||
                        MESSAGE_MEDIA_COPY.mediaOnly(
                          last.media.length,
                          last.media.filter((item) => item.kind === 'clip').length,
                        )
                    : 'No messages yet'}
                </span>
              </span>
              {conversation.muted ? (
                <span className="conversation-muted muted" title={MESSAGES_COPY.muted}>
                  <Icon name="mute" size={16} />
                  <span className="visually-hidden">{MESSAGES_COPY.muted}</span>
                </span>
              ) : null}
              {unread > 0 ? (
                <span className="conversation-unread" data-testid="conversation-unread">
                  {unread > 99 ? '99+' : unread}
                  <span className="visually-hidden"> unread</span>
                </span>
              ) : null}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

function ConversationView({ conversationId }: { conversationId: string }) {
  const me = useAtomValue(userAtom)
  const conversation = useAtomValue(conversationsAtom)?.find((item) => item._id === conversationId)
  const history = useAtomValue(historiesAtom)[conversationId]
  const loadHistory = useSetAtom(loadHistoryAtom)
  const loadOlder = useSetAtom(loadOlderAtom)
  const markRead = useSetAtom(markReadAtom)
  const setOpen = useSetAtom(openConversationIdAtom)
  const navigate = useNavigate()
  const [failed, setFailed] = useState<string | null>(null)
  const [replyTo, setReplyTo] = useState<ConversationMessage | null>(null)
  const [editing, setEditing] = useState<ConversationMessage | null>(null)
  const [showingDetails, setShowingDetails] = useState(false)
  const [searching, setSearching] = useState(false)
  const [foundId, setFoundId] = useState<string | null>(null)
  const [jumpTo, setJumpTo] = useState<string | null>(null)
  const [reporting, setReporting] = useState<ConversationMessage | null>(null)
  const loadUntil = useSetAtom(loadUntilMessageAtom)
  const scroller = useRef<HTMLOListElement>(null)
  const newest = history?.messages[history.messages.length - 1]?._id

  useEffect(() => {
    setOpen(conversationId)
    loadHistory(conversationId).then(
      () => markRead(conversationId).catch(() => undefined),
      (error: unknown) => setFailed(messageOf(error)),
    )
    return () => setOpen(null)
  }, [conversationId, loadHistory, markRead, setOpen])

  // The newest message in view when one arrives (or the history first shows).
  useLayoutEffect(() => {
    const list = scroller.current
    if (list) list.scrollTop = list.scrollHeight
  }, [newest])

  const older = async () => {
    const list = scroller.current
    const before = list ? list.scrollHeight - list.scrollTop : 0
    try {
      await loadOlder(conversationId)
    } catch (error) {
      notifyError(messageOf(error))
    }
    // Keeps the messages that were on screen where they were.
    if (list) list.scrollTop = list.scrollHeight - before
  }

  /** Takes the history to a message found by the search (older pages loaded as needed). */
  const showFound = async (messageId: string) => {
    const there = await loadUntil({ conversationId, messageId }).catch(() => false)
    if (!there) {
      notifyError(CONVERSATION_SEARCH_COPY.tooFar)
      return
    }
    setFoundId(messageId)
    setJumpTo(messageId)
  }
  // Once the pages loaded for it are drawn: the found message in the middle of the history.
  useEffect(() => {
    if (!jumpTo) return
    const item = scroller.current?.querySelector<HTMLElement>(
      `[data-message-id="${CSS.escape(jumpTo)}"]`,
    )
    if (!item) return
    item.scrollIntoView({ block: 'center' })
    item.focus({ preventScroll: true })
    setJumpTo(null)
  }, [jumpTo, history])

  if (failed) {
    return (
      <div className="conversation-view">
        <ErrorState message={failed} onRetry={() => navigate('/messages')} />
      </div>
    )
  }
  const title = conversation ? conversationTitle(conversation, me?._id) : 'Conversation'
  const memberNames = conversation?.members.map((member) => member.username) ?? []
  return (
    <div
      className="conversation-view"
      onKeyDown={(event) => {
        // Ctrl+F (Cmd+F) inside the thread searches it rather than the page.
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
          event.preventDefault()
          setSearching(true)
        }
      }}
    >
      <header className="conversation-header">
        <Link to="/messages" className="icon-btn conversation-back" aria-label="All conversations">
          <Icon name="back" />
        </Link>
        {conversation ? (
          <ConversationPicture conversation={conversation} title={title} size={36} />
        ) : null}
        <h2 className="conversation-heading">
          <bdi>{title}</bdi>
          {conversation?.kind === 'group' ? (
            <span className="conversation-subtitle muted small">
              {MESSAGES_COPY.members(conversation.members.length)}
            </span>
          ) : null}
        </h2>
        {conversation?.kind === 'group' && conversation.creatorId === me?._id ? (
          <GroupPictureControls conversation={conversation} />
        ) : null}
        <button
          type="button"
          className="icon-btn"
          aria-label={CONVERSATION_SEARCH_COPY.open}
          title={CONVERSATION_SEARCH_COPY.open}
          aria-expanded={searching}
          onClick={() => setSearching((open) => !open)}
        >
          <Icon name="search" size={18} />
        </button>
        {conversation ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={MESSAGES_COPY.detailsLabel(title)}
            aria-haspopup="dialog"
            onClick={() => setShowingDetails(true)}
          >
            <Icon name="info" size={16} />
            <span className="conversation-details-label"> {MESSAGES_COPY.details}</span>
          </button>
        ) : null}
      </header>
      {showingDetails && conversation ? (
        <ConversationDetails conversation={conversation} onClose={() => setShowingDetails(false)} />
      ) : null}
      {searching ? (
        <ConversationSearch
          conversationId={conversationId}
          onPick={(messageId) => void showFound(messageId)}
          onClose={() => setSearching(false)}
        />
      ) : null}
      {!history ? (
        <Spinner label="Loading the messages" />
      ) : (
        <ol
          className="message-list"
          ref={scroller}
          aria-label={`Messages with ${title}`}
          onScroll={(event) => {
            if (event.currentTarget.scrollTop < 40 && history.olderCursor) void older()
          }}
        >
          {history.olderCursor ? (
            <li className="message-older">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={history.loadingOlder}
                onClick={() => void older()}
              >
                Show older messages
              </button>
            </li>
          ) : null}
          {history.messages.length === 0 ? (
            <li className="muted message-empty">No messages yet. Say hi!</li>
          ) : null}
          {history.messages.map((message) => (
            <MessageItem
              key={message._id}
              message={message}
              mine={message.author._id === me?._id}
              found={message._id === foundId}
              memberNames={memberNames}
              onReport={() => setReporting(message)}
              onReply={() => {
                setEditing(null)
                setReplyTo(message)
              }}
              onEdit={() => {
                setReplyTo(null)
                setEditing(message)
              }}
            />
          ))}
        </ol>
      )}
      <TypingLine conversationId={conversationId} />
      <MessageComposer
        conversationId={conversationId}
        replyTo={replyTo}
        editing={editing}
        onDone={() => {
          setReplyTo(null)
          setEditing(null)
        }}
      />
      {reporting ? (
        <ReportDialog
          target={{ kind: 'message', id: reporting._id, author: reporting.author }}
          onClose={() => setReporting(null)}
        />
      ) : null}
    </div>
  )
}

function MessageItem({
  message,
  mine,
  found = false,
  memberNames,
  onReport,
  onReply,
  onEdit,
}: {
  message: ConversationMessage
  mine: boolean
  /** The message the search took the history to: marked, and focusable for the keyboard. */
  found?: boolean
  /** Who is in the conversation: an `@mention` of one of them is a link to their profile. */
  memberNames: readonly string[]
  onReport: () => void
  onReply: () => void
  onEdit: () => void
}) {
  const remove = useSetAtom(deleteMessageAtom)
  return (
    <li
      className={`message${mine ? ' mine' : ''}${found ? ' message-found' : ''}`}
      data-message-id={message._id}
      tabIndex={found ? -1 : undefined}
    >
      {mine ? null : (
        <Avatar src={message.author.profileImg} username={message.author.username} size={32} />
      )}
      <div className="message-body">
        <div className="message-meta small">
          <bdi className="message-author">{mine ? 'You' : message.author.username}</bdi>
          <span className="muted">
            <RelativeTime iso={message.createdAt} />
            {message.editedAt && !message.deleted ? (
              <>
                {' '}
                <EditedMark iso={message.editedAt} />
              </>
            ) : null}
          </span>
        </div>
        {message.replyTo ? (
          <p className="message-reply small muted">
            <Icon name="back" size={12} />{' '}
            {message.replyTo.unavailable
              ? 'A message you can’t see'
              : message.replyTo.deleted
                ? 'A deleted message'
                : `${message.replyTo.author?.username ?? ''}: ${message.replyTo.text}`}
          </p>
        ) : null}
        {message.deleted ? (
          <p className="message-text muted message-deleted">Message deleted</p>
        ) : message.text ? (
          <p className="message-text" dir="auto">
            <RichText text={message.text} mentions={memberNames} />
          </p>
        ) : null}
        {!message.deleted && message.media.length > 0 ? (
          <div className="message-media">
            <PostMedia media={message.media} />
          </div>
        ) : null}
        {message.deleted ? null : <MessageReactionChips message={message} />}
        {message.deleted ? null : (
          <div className="message-actions">
            <MessageReactButton message={message} />
            <button type="button" className="link-btn small" onClick={onReply}>
              Reply
            </button>
            {mine ? (
              <>
                <button type="button" className="link-btn small" onClick={onEdit}>
                  Edit
                </button>
                <button
                  type="button"
                  className="link-btn small"
                  onClick={() =>
                    void remove({
                      conversationId: message.conversationId,
                      messageId: message._id,
                    }).catch((error: unknown) => notifyError(messageOf(error)))
                  }
                >
                  Delete
                </button>
              </>
            ) : (
              <button type="button" className="link-btn small" onClick={onReport}>
                Report
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  )
}

/** A group's picture (its initials' default without one), or the other member's avatar. */
function ConversationPicture({
  conversation,
  title,
  size,
}: {
  conversation: Conversation
  title: string
  size: number
}) {
  const me = useAtomValue(userAtom)
  if (conversation.kind === 'group') {
    return <Avatar src={conversation.pictureUrl ?? ''} username={title} size={size} />
  }
  const other = conversation.members.find((member) => member._id !== me?._id)
  return <Avatar src={other?.profileImg ?? ''} username={other?.username ?? title} size={size} />
}
