import { atom } from 'jotai'
import type { PostPoll } from '../../../shared/api-types'

export type ModalState =
  | { kind: 'newPost' }
  | { kind: 'shortcuts' }
  /** A profile's followers or following, paged from the server. */
  | {
      kind: 'people'
      username: string
      list: 'followers' | 'following'
      title: string
      empty: string
    }
  | { kind: 'editPost'; postId: string; content: string; poll?: PostPoll | null }
  | { kind: 'editComment'; postId: string; commentId: string; text: string }
  | { kind: 'editProfile'; bio: string; firstName: string; lastName: string }
  | null

/** The open modal, if any: only one at a time. */
export const modalAtom = atom<ModalState>(null)

export const openModalAtom = atom(null, (_get, set, modal: NonNullable<ModalState>) => {
  set(modalAtom, modal)
})

export const closeModalAtom = atom(null, (_get, set) => {
  set(modalAtom, null)
})
