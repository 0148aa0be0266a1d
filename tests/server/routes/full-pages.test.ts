/**
 * Hidden authors are left out by each list's query (services/reads/visibility.ts), so a page is full
 * while more rows follow: one blocked, muted or suspended author who wrote several pages' worth
 * cannot leave a page short, or empty with a cursor, and nothing visible is skipped.
 */
import type {
  Comment,
  CommentsPage,
  FollowListPage,
  Post,
  PostsPage,
  UserListItem,
} from '../../../src/shared/api-types'
import { addComment, createPost, ok, quickUser, signedInAs } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const LIMIT = 3
/** Posts and comments of the hidden author: three pages' worth. */
const HIDDEN_ROWS = 3 * LIMIT

type Page = PostsPage | CommentsPage | FollowListPage
const idsOf = (page: Page): string[] => {
  const items: (Post | Comment | UserListItem)[] =
    'posts' in page ? page.posts : 'comments' in page ? page.comments : page.users
  return items.map((item) => item._id)
}

/** Every page of `path` (which carries `?limit=`), as the ids on each. */
async function pagesOf(app: TestApp, path: string, token?: string): Promise<string[][]> {
  const pages: string[][] = []
  let cursor: string | null = null
  do {
    const url: string = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path
    const page: Page = await ok<Page>(app.get(url, token))
    pages.push(idsOf(page))
    cursor = page.nextCursor
    if (pages.length > 50) throw new Error(`${path} never ends`)
  } while (cursor !== null)
  return pages
}

/** Full pages but the last, which is not empty unless the list is; exactly `expected`, in order. */
async function expectFullPages(app: TestApp, path: string, expected: string[], token?: string) {
  const pages = await pagesOf(app, path, token)
  expect(pages.flat(), path).toEqual(expected)
  for (const page of pages.slice(0, -1)) expect(page, path).toHaveLength(LIMIT)
  if (expected.length > 0) expect(pages.at(-1)?.length, path).toBeGreaterThan(0)
}

/**
 * A viewer who follows two authors: `shown` wrote two posts and two comments before and after
 * `hidden` wrote HIDDEN_ROWS of each, all tagged #raid. Answers the ids, newest first.
 */
async function scene(app: TestApp) {
  const viewer = await quickUser(app, 'viewer')
  const shown = await quickUser(app, 'shown')
  const hidden = await quickUser(app, 'hidden')
  for (const author of [shown, hidden]) {
    await ok(app.send(`/api/users/follow/${author.id}`, {}, { token: viewer.token }))
  }
  const thread = await createPost(app, shown.token, 'the thread')
  const posts = { shown: [] as string[], hidden: [] as string[] }
  const comments = { shown: [] as string[], hidden: [] as string[] }
  const write = async (who: 'shown' | 'hidden', token: string, count: number) => {
    for (let n = 0; n < count; n += 1) {
      posts[who].unshift(await createPost(app, token, `#raid ${who} ${n}`))
      comments[who].unshift(await addComment(app, token, thread, `${who} ${n}`))
    }
  }
  await write('shown', shown.token, 2)
  await write('hidden', hidden.token, HIDDEN_ROWS)
  const older = { posts: [...posts.shown], comments: [...comments.shown] }
  await write('shown', shown.token, 2)
  const newer = {
    posts: posts.shown.slice(0, 2),
    comments: comments.shown.slice(0, 2),
  }
  return {
    viewer,
    hidden,
    thread,
    /** Newest first: what a list shows without the hidden author, and with them. */
    without: {
      posts: [...newer.posts, ...older.posts],
      comments: [...newer.comments, ...older.comments],
    },
    with: {
      posts: [...newer.posts, ...posts.hidden, ...older.posts],
      comments: [...newer.comments, ...comments.hidden, ...older.comments],
    },
  }
}

describe('pages stay full whatever is hidden', () => {
  it.override({ appOptions: { demo: false, admins: ['boss'] } })

  it('a blocked author fills no page of any list', async ({ app }) => {
    const s = await scene(app)
    await ok(app.send(`/api/users/me/block/${s.hidden.id}`, {}, { token: s.viewer.token }))
    const { posts, comments } = s.without
    const token = s.viewer.token
    const all = [...posts, s.thread]
    await expectFullPages(app, `/api/posts?limit=${LIMIT}`, all, token)
    await expectFullPages(app, `/api/posts?limit=${LIMIT}&sort=likes`, all, token)
    await expectFullPages(app, `/api/posts?tag=raid&limit=${LIMIT}`, posts, token)
    // The block ended the follow too; the feed would hide them anyway.
    await expectFullPages(app, `/api/feed?limit=${LIMIT}`, all, token)
    await expectFullPages(app, `/api/comments/${s.thread}?limit=${LIMIT}`, comments, token)
    await expectFullPages(app, `/api/posts/user/hidden?limit=${LIMIT}`, [], token)
    // Anyone else sees them all, on full pages too.
    await expectFullPages(app, `/api/posts?tag=raid&limit=${LIMIT}`, s.with.posts)
  })

  it('a muted author fills no page of any list but their own profile', async ({ app }) => {
    const s = await scene(app)
    await ok(app.send(`/api/users/me/mute/${s.hidden.id}`, {}, { token: s.viewer.token }))
    const { posts, comments } = s.without
    const token = s.viewer.token
    const all = [...posts, s.thread]
    await expectFullPages(app, `/api/feed?limit=${LIMIT}`, all, token)
    await expectFullPages(app, `/api/posts?limit=${LIMIT}`, all, token)
    await expectFullPages(app, `/api/posts?limit=${LIMIT}&sort=likes`, all, token)
    await expectFullPages(app, `/api/posts?tag=raid&limit=${LIMIT}`, posts, token)
    await expectFullPages(app, `/api/comments/${s.thread}?limit=${LIMIT}`, comments, token)
    const own = await pagesOf(app, `/api/posts/user/hidden?limit=${LIMIT}`, token)
    expect(own.flat().length).toBeGreaterThan(LIMIT)
  })

  it('a suspended author fills no page of any list, for anyone', async ({ app }) => {
    const s = await scene(app)
    const boss = await signedInAs(app, 'boss')
    await ok(app.send(`/api/moderation/suspend/${s.hidden.id}`, {}, { token: boss.token }))
    const { posts, comments } = s.without
    for (const token of [s.viewer.token, undefined]) {
      const all = [...posts, s.thread]
      await expectFullPages(app, `/api/posts?limit=${LIMIT}`, all, token)
      await expectFullPages(app, `/api/posts?limit=${LIMIT}&sort=likes`, all, token)
      await expectFullPages(app, `/api/posts?tag=raid&limit=${LIMIT}`, posts, token)
      await expectFullPages(app, `/api/comments/${s.thread}?limit=${LIMIT}`, comments, token)
      await expectFullPages(app, `/api/posts/user/hidden?limit=${LIMIT}`, [], token)
    }
    await expectFullPages(app, `/api/feed?limit=${LIMIT}`, [...posts, s.thread], s.viewer.token)
  })

  it('suspended followers fill no page of a follower list', async ({ app }) => {
    const owner = await quickUser(app, 'owner')
    const boss = await signedInAs(app, 'boss')
    const expected: string[] = []
    const follow = async (name: string, suspend: boolean) => {
      const fan = await quickUser(app, name)
      await ok(app.send(`/api/users/follow/${owner.id}`, {}, { token: fan.token }))
      if (suspend) {
        await ok(app.send(`/api/moderation/suspend/${fan.id}`, {}, { token: boss.token }))
      } else expected.unshift(fan.id)
    }
    for (const name of ['early1', 'early2']) await follow(name, false)
    for (let n = 0; n < HIDDEN_ROWS; n += 1) await follow(`gone${n}`, true)
    for (const name of ['late1', 'late2']) await follow(name, false)
    await expectFullPages(app, `/api/users/owner/followers?limit=${LIMIT}`, expected)
  })
})
