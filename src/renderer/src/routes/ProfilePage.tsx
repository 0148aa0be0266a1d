import { useAtomValue, useSetAtom } from 'jotai'
import { ProfilePresence } from '../components/ProfilePresence'
import { useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { User, UserSummary } from '../../../shared/api-types'
import { Avatar } from '../components/Avatar'
import { FollowButton } from '../components/FollowButton'
import { MessageButton } from '../components/MessageButton'
import { Icon } from '../components/Icon'
import { PostList } from '../components/PostList'
import { ProfileGames } from '../components/ProfileGames'
import { lazyComponent } from '../lib/lazy-component'
import { PersonMenu } from '../components/PersonMenu'
import { ProfileHostMenu } from '../components/ProfileHostMenu'
import { Spinner } from '../components/Spinner'
import { EmptyState, ErrorState } from '../components/States'
import { formatCount } from '../lib/relative-time'
import { useLiveResync } from '../lib/use-live-resync'
import { useNow } from '../lib/ticker'
import { formatTimeLeft } from '../lib/time-left'
import { changeRelationAtom, loadRelationsAtom } from '../state/account'
import { relationsAtom } from '../state/relations'
import { userAtom } from '../state/auth'
import { openModalAtom } from '../state/modals'
import { ownPostsChangedAtom } from '../state/posts'
import {
  avatarUploadProgressAtom,
  loadProfileAtom,
  profileAtom,
  uploadAvatarAtom,
} from '../state/users'
import { RichText } from '../components/PostText'
import { COPY, SPEC_TEXT } from '../copy'
import { SCREENS_COPY } from '../copy-screens'

function Stat({
  value,
  one,
  many,
  onOpen,
}: {
  value: number
  one: string
  many: string
  onOpen?: () => void
}) {
  const label = `${formatCount(value)} ${value === 1 ? one : many}`
  const content = (
    <>
      <strong>{formatCount(value)}</strong> {value === 1 ? one : many}
    </>
  )
  return (
    <li>
      {onOpen ? (
        <button type="button" className="stat-btn" aria-label={label} onClick={onOpen}>
          {content}
        </button>
      ) : (
        content
      )}
    </li>
  )
}

/**
 * Over a muted player's posts on their profile (the one place they still show): that they are
 * muted, until when, and a way to undo it.
 */
function MutedNotice({ user }: { user: UserSummary }) {
  const me = useAtomValue(userAtom)
  const relations = useAtomValue(relationsAtom)
  const loadRelations = useSetAtom(loadRelationsAtom)
  const changeRelation = useSetAtom(changeRelationAtom)
  const [busy, setBusy] = useState(false)
  // Fresh when the mute's end changes (muted a moment ago), not only on the first render.
  const now = useNow(relations?.mutedUntil.get(user._id))
  useEffect(() => {
    if (me && relations === null) void loadRelations()
  }, [me, relations, loadRelations])
  if (!relations?.muted.has(user._id)) return null
  const until = relations.mutedUntil.get(user._id) ?? null
  return (
    <div className="mute-notice card" role="status">
      <Icon name="mute" size={18} />
      <p>
        {COPY.mute.profileNotice}
        {until ? (
          <>
            {' · '}
            <span className="mute-left">{formatTimeLeft(until, now)}</span>
          </>
        ) : null}
      </p>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={busy}
        onClick={() => {
          setBusy(true)
          void changeRelation('unmute', user).finally(() => setBusy(false))
        }}
      >
        {SCREENS_COPY.account.unmute}
      </button>
    </div>
  )
}

/**
 * In place of the posts of a profile closed by a block either way (docs/API.md,
 * "Blocking"): why, and for the one who blocked, a way to undo it.
 */
function BlockedNotice({ user, onChange }: { user: User; onChange: () => void }) {
  const changeRelation = useSetAtom(changeRelationAtom)
  const [busy, setBusy] = useState(false)
  const blocking = user.blockRelation === 'blocking'
  return (
    <div className="mute-notice card" role="status">
      <Icon name="shield" size={18} />
      <p>{blocking ? SCREENS_COPY.profile.youBlocked : SCREENS_COPY.profile.blockedYou}</p>
      {blocking ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            void changeRelation('unblock', user)
              .then((done) => (done ? onChange() : undefined))
              .finally(() => setBusy(false))
          }}
        >
          {SCREENS_COPY.account.unblock}
        </button>
      ) : null}
    </div>
  )
}

/** The profile's upcoming game nights: loaded on first use. */
const ProfileNights = lazyComponent(() =>
  import('../components/ProfileNights').then((module) => module.ProfileNights),
)

export function ProfilePage() {
  const { username = '' } = useParams()
  const me = useAtomValue(userAtom)
  const { user, status, error } = useAtomValue(profileAtom(username))
  const load = useSetAtom(loadProfileAtom)
  const openModal = useSetAtom(openModalAtom)
  const upload = useSetAtom(uploadAvatarAtom)
  const progress = useAtomValue(avatarUploadProgressAtom)
  const fileRef = useRef<HTMLInputElement>(null)
  const own = me?.username === username

  const postsChanged = useAtomValue(ownPostsChangedAtom)
  // Loads the profile, and again after the viewer posts or deletes (the post count changes).
  useEffect(() => {
    void load(username)
  }, [username, load, postsChanged])
  useLiveResync(() => void load(username))
  // Blocking them from this page (a post's menu) closes the profile at once.
  const relations = useAtomValue(relationsAtom)
  const blockedNow = user ? (relations?.blocked.has(user._id) ?? false) : false
  const seenBlocked = useRef(blockedNow)
  useEffect(() => {
    if (seenBlocked.current === blockedNow) return
    seenBlocked.current = blockedNow
    void load(username)
  }, [blockedNow, load, username])

  if (!user) {
    if (error) return <ErrorState message={error} onRetry={() => void load(username)} />
    return status === 'loading' ? <Spinner label="Loading profile" /> : null
  }

  // On one's own profile the session user is the freshest copy (bio, picture).
  const shown =
    own && me
      ? {
          ...user,
          bio: me.bio,
          profileImg: me.profileImg,
          firstName: me.firstName,
          lastName: me.lastName,
        }
      : user
  const fullName = [shown.firstName, shown.lastName].filter(Boolean).join(' ')
  // Closed by a block either way: who they are, but no posts, counts or Follow.
  const closed = !own && shown.blockRelation !== undefined

  return (
    <section className="page-single" data-main-column aria-label={`${shown.username}'s profile`}>
      <div className="card profile-card">
        <div className="profile-banner" aria-hidden="true" />
        <div className="profile-top">
          <div className={`profile-avatar${own ? ' editable' : ''}`}>
            <Avatar
              src={shown.profileImg}
              username={shown.username}
              size={112}
              presenceOf={shown._id}
            />
            {own ? (
              <>
                <button
                  type="button"
                  className="avatar-camera"
                  aria-label="Change profile picture"
                  title="Change profile picture"
                  disabled={progress !== null}
                  onClick={() => fileRef.current?.click()}
                >
                  <Icon name="camera" size={20} />
                </button>
                <input
                  ref={fileRef}
                  type="file"
                  accept="image/*"
                  className="visually-hidden"
                  tabIndex={-1}
                  aria-label="Profile picture file"
                  onChange={(event) => {
                    const file = event.target.files?.[0]
                    event.target.value = ''
                    if (file) void upload(file)
                  }}
                />
              </>
            ) : null}
            {progress !== null ? (
              <div className="upload-progress">
                <progress value={progress} max={1} aria-label="Uploading picture" />
                <span>{Math.round(progress * 100)}%</span>
              </div>
            ) : null}
          </div>
          <div className={`profile-actions${own ? ' own' : ''}`}>
            {own ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() =>
                  openModal({
                    kind: 'editProfile',
                    bio: shown.bio ?? '',
                    firstName: shown.firstName ?? '',
                    lastName: shown.lastName ?? '',
                  })
                }
              >
                <Icon name="edit" size={16} /> Edit
              </button>
            ) : null}
            {own ? (
              <Link to="/settings" className="btn btn-secondary">
                <Icon name="shield" size={16} /> Account
              </Link>
            ) : (
              <>
                {closed ? null : <FollowButton target={shown} />}
                {closed ? null : <MessageButton target={shown} />}
                <PersonMenu user={shown} />
                <ProfileHostMenu user={shown} />
              </>
            )}
          </div>
        </div>
        <div className="profile-info">
          <h1 className="profile-name">
            <bdi>{shown.username}</bdi>
          </h1>
          <ProfilePresence userId={shown._id} own={own} />
          {fullName ? (
            <p className="muted" dir="auto">
              {fullName}
            </p>
          ) : null}
          <p className={`profile-bio${shown.bio ? '' : ' muted'}`} dir="auto">
            {shown.bio ? (
              <RichText text={shown.bio} plain />
            ) : own ? (
              SCREENS_COPY.profile.ownBioEmpty
            ) : (
              SCREENS_COPY.profile.bioEmpty
            )}
          </p>
          <ProfileGames username={shown.username} own={own} />
          {closed ? null : (
            <ul className="profile-stats">
              <Stat value={shown.postCount ?? 0} one="Post" many="Posts" />
              <Stat
                value={shown.followerCount ?? shown.followers.length}
                one="Follower"
                many="Followers"
                onOpen={() =>
                  openModal({
                    kind: 'people',
                    username: shown.username,
                    list: 'followers',
                    title: SCREENS_COPY.profile.followersOf(shown.username),
                    empty: SCREENS_COPY.profile.noFollowers,
                  })
                }
              />
              <Stat
                value={shown.followingCount ?? shown.following.length}
                one="Following"
                many="Following"
                onOpen={() =>
                  openModal({
                    kind: 'people',
                    username: shown.username,
                    list: 'following',
                    title: SCREENS_COPY.profile.followedBy(shown.username),
                    empty: SCREENS_COPY.profile.followsNobody,
                  })
                }
              />
            </ul>
          )}
        </div>
      </div>
      {closed ? (
        <BlockedNotice user={shown} onChange={() => void load(username)} />
      ) : (
        <>
          <ProfileNights username={shown.username} own={own} />
          <h2 className="section-title">Posts</h2>
          {!own ? <MutedNotice user={shown} /> : null}
          <PostList
            key={username}
            listKey={`user:${username}`}
            empty={<EmptyState title={SPEC_TEXT.profileEmpty} />}
          />
        </>
      )}
    </section>
  )
}
