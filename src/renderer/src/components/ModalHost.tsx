import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useState } from 'react'
import { LIMITS } from '../../../shared/limits'
import { clearDraft, draftKey } from '../lib/drafts'
import { userAtom } from '../state/auth'
import { editCommentAtom } from '../state/comments'
import { closeModalAtom, modalAtom } from '../state/modals'
import { createPostAtom, editPostAtom } from '../state/posts'
import { editProfileAtom } from '../state/users'
import { lazyComponent } from '../lib/lazy-component'
import { ShortcutList } from './KeyboardShortcuts'
import { Modal } from './Modal'
import { SPEC_TEXT } from '../copy'

// What the modals hold loads when one first opens, not with the first screen (docs/desktop.md,
// "The build that ships"): the editors with their attachments, polls and suggestions, and the people lists.
const NewPostEditor = lazyComponent(() =>
  import('./NewPostEditor').then((module) => module.NewPostEditor),
)
const EditPostEditor = lazyComponent(() =>
  import('./EditPostEditor').then((module) => module.EditPostEditor),
)
const TextEditor = lazyComponent(() => import('./TextEditor').then((module) => module.TextEditor))
const PeopleList = lazyComponent(() => import('./PeopleList').then((module) => module.PeopleList))
const ProfileEditor = lazyComponent(() =>
  import('./ProfileEditor').then((module) => module.ProfileEditor),
)

/**
 * Renders whichever modal is open. A modal closes only once the server accepted what it sends;
 * a refusal keeps the text and says why at the field.
 */
export function ModalHost() {
  const modal = useAtomValue(modalAtom)
  const me = useAtomValue(userAtom)
  const close = useSetAtom(closeModalAtom)
  const createPost = useSetAtom(createPostAtom)
  const editPost = useSetAtom(editPostAtom)
  const editComment = useSetAtom(editCommentAtom)
  const editProfile = useSetAtom(editProfileAtom)
  const [dirty, setDirty] = useState(false)
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), [])
  const closeAll = () => {
    setDirty(false)
    close()
  }
  /** Closes on success; hands a refusal back to the editor. */
  const closeIfAccepted = <Refusal,>(outcome: Refusal | null) => {
    if (outcome === null) closeAll()
    return outcome
  }

  if (!modal) return null
  switch (modal.kind) {
    case 'newPost': {
      const key = me ? draftKey(me._id, 'newPost') : undefined
      return (
        <Modal
          key="new-post"
          title="New Post"
          onClose={closeAll}
          dirty={dirty}
          keepsDraft={Boolean(key)}
          onDiscard={() => key && clearDraft(key)}
        >
          <NewPostEditor
            draftKey={key}
            onDirtyChange={onDirtyChange}
            onSubmit={async (text, media, poll) =>
              closeIfAccepted(await createPost(text, media, poll))
            }
          />
        </Modal>
      )
    }
    case 'shortcuts':
      return (
        <Modal key="shortcuts" title="Keyboard shortcuts" onClose={closeAll}>
          <ShortcutList />
        </Modal>
      )
    case 'people':
      return (
        <Modal
          key={`people-${modal.list}-${modal.username}`}
          title={modal.title}
          onClose={closeAll}
        >
          <PeopleList
            username={modal.username}
            list={modal.list}
            empty={modal.empty}
            onOpen={closeAll}
          />
        </Modal>
      )
    case 'editPost':
      return (
        <Modal key={`post-${modal.postId}`} title="Edit Post" onClose={closeAll} dirty={dirty}>
          <EditPostEditor
            content={modal.content}
            poll={modal.poll ?? null}
            onDirtyChange={onDirtyChange}
            onSubmit={async (text, poll) =>
              closeIfAccepted(
                await editPost(
                  modal.postId,
                  text,
                  poll.kind === 'keep' ? undefined : poll.kind === 'remove' ? null : poll.poll,
                ),
              )
            }
          />
        </Modal>
      )
    case 'editComment':
      return (
        <Modal
          key={`comment-${modal.commentId}`}
          title="Edit Comment"
          onClose={closeAll}
          dirty={dirty}
        >
          <TextEditor
            label="Comment text"
            placeholder={SPEC_TEXT.commentPlaceholder}
            initial={modal.text}
            max={LIMITS.commentMax}
            submitLabel="Save"
            pendingLabel="Saving…"
            autoFocus
            onDirtyChange={onDirtyChange}
            onSubmit={async (text) =>
              closeIfAccepted(await editComment(modal.postId, modal.commentId, text))
            }
          />
        </Modal>
      )
    case 'editProfile':
      return (
        <Modal key="profile" title="Edit Profile" onClose={closeAll} dirty={dirty}>
          <ProfileEditor
            initial={{ firstName: modal.firstName, lastName: modal.lastName, bio: modal.bio }}
            onDirtyChange={onDirtyChange}
            onSubmit={async (fields) => closeIfAccepted(await editProfile(fields))}
          />
        </Modal>
      )
  }
}
