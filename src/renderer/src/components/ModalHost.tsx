import { useAtomValue, useSetAtom } from 'jotai'
import { LIMITS } from '../../../shared/limits'
import { editCommentAtom } from '../state/comments'
import { closeModalAtom, modalAtom } from '../state/modals'
import { createPostAtom, editPostAtom } from '../state/posts'
import { editProfileAtom } from '../state/users'
import { Modal } from './Modal'
import { TextEditor } from './TextEditor'

/** Renders whichever modal is open. Submitting sends the request and closes at once. */
export function ModalHost() {
  const modal = useAtomValue(modalAtom)
  const close = useSetAtom(closeModalAtom)
  const createPost = useSetAtom(createPostAtom)
  const editPost = useSetAtom(editPostAtom)
  const editComment = useSetAtom(editCommentAtom)
  const editProfile = useSetAtom(editProfileAtom)

  if (!modal) return null
  switch (modal.kind) {
    case 'newPost':
      return (
        <Modal key="new-post" title="New Post" onClose={close}>
          <TextEditor
            label="Post text"
            placeholder="enter a text"
            max={LIMITS.postMax}
            submitLabel="Post"
            rows={6}
            autoFocus
            onSubmit={(text) => {
              void createPost(text)
              close()
            }}
          />
        </Modal>
      )
    case 'editPost':
      return (
        <Modal key={`post-${modal.postId}`} title="Edit Post" onClose={close}>
          <TextEditor
            label="Post text"
            placeholder="enter a text"
            initial={modal.content}
            max={LIMITS.postMax}
            submitLabel="Save"
            rows={6}
            autoFocus
            onSubmit={(text) => {
              void editPost(modal.postId, text)
              close()
            }}
          />
        </Modal>
      )
    case 'editComment':
      return (
        <Modal key={`comment-${modal.commentId}`} title="Edit Comment" onClose={close}>
          <TextEditor
            label="Comment text"
            placeholder="For comment"
            initial={modal.text}
            max={LIMITS.commentMax}
            submitLabel="Save"
            autoFocus
            onSubmit={(text) => {
              void editComment(modal.postId, modal.commentId, text)
              close()
            }}
          />
        </Modal>
      )
    case 'editProfile':
      return (
        <Modal key="profile" title="Edit Profile" onClose={close}>
          <TextEditor
            label="Bio"
            placeholder="Tell other players about yourself"
            initial={modal.bio}
            max={LIMITS.bioMax}
            min={0}
            submitLabel="Save"
            autoFocus
            onSubmit={(bio) => {
              void editProfile({ bio })
              close()
            }}
          />
        </Modal>
      )
  }
}
