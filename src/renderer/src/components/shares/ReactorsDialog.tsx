import { useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import type { ReactionCount } from '../../../../shared/api-types'
import { reactionOf, type Reaction } from '../../../../shared/reactions'
import { COPY } from '../../copy'
import CustomEmojiText from '../emoji/CustomEmojiText'
import { useReactors } from '../../state/people-lists'
import { PeoplePageDialog } from './PeoplePageDialog'

/** "Who reacted": a tab per emoji with a count, each a paged list of people, newest first. */
export function ReactorsDialog({
  postId,
  counts,
  first,
  onClose,
}: {
  postId: string
  counts: readonly ReactionCount[]
  first: Reaction
  onClose: () => void
}) {
  const [selected, setSelected] = useState<Reaction>(first)
  const tabsRef = useRef<(HTMLButtonElement | null)[]>([])
  const list = useReactors(postId, selected)

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const next = (index + step + counts.length) % counts.length
    const reaction = counts[next]?.reaction
    if (reaction) setSelected(reaction)
    tabsRef.current[next]?.focus()
  }

  return (
    <PeoplePageDialog
      title={COPY.reactions.whoReactedTitle}
      onClose={onClose}
      list={list}
      empty={COPY.reactions.nobody}
      above={
        <div className="reactors-tabs" role="tablist" aria-label={COPY.reactions.pickerLabel}>
          {counts.map(({ reaction, count }, index) => {
            const { emoji, label } = reactionOf(reaction)
            const active = reaction === selected
            return (
              <button
                key={reaction}
                ref={(element) => {
                  tabsRef.current[index] = element
                }}
                type="button"
                role="tab"
                id={`reactors-tab-${postId}-${reaction}`}
                aria-selected={active}
                aria-controls={`reactors-panel-${postId}`}
                aria-label={`${label}, ${count}`}
                tabIndex={active ? 0 : -1}
                className={`reactors-tab${active ? ' active' : ''}`}
                onClick={() => setSelected(reaction)}
                onKeyDown={(event) => onTabKey(event as never, index)}
              >
                <span aria-hidden="true">
                  <CustomEmojiText text={emoji} /> {count}
                </span>
              </button>
            )
          })}
        </div>
      }
      panel={{
        role: 'tabpanel',
        id: `reactors-panel-${postId}`,
        'aria-labelledby': `reactors-tab-${postId}-${selected}`,
      }}
    />
  )
}
