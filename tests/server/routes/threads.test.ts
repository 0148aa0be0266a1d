/**
 * Replies in threads (docs/API.md, "Threads"): a reply's root and whom it answers, pages of
 * top-level comments with their first replies, "more replies" pages oldest first, deep links,
 * deleting a comment that has replies, per-viewer comment counts, notifications, the live events
 * and the hostile cases.
 */
import type {
  Comment,
  CommentResponse,
  CommentsPage,
  CommentThreadResponse,
  NotificationsPage,
  Post,
  PostResponse,
  PostsPage,
} from '../../../src/shared/api-types'
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../src/server/errors/messages'
import { deleteAccount } from '../../../src/server/services/writes/accounts'
import { addComment, createPost, expectError, ok, quickUser } from '../../helpers/api'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'
import { readCacheOf } from '../../../src/server/caches/store-caches'

const connect = liveStreams()

type Session = { token: string; id: string }

async function reply(
  app: TestApp,
  who: Session,
  postId: string,
  replyTo: string,
  text: string,
): Promise<Comment> {
  const answer = await ok<CommentResponse>(
    app.send(
      `/api/comments/add/${postId}`,
      { commentData: { text, replyTo } },
      { token: who.token, headers: { Prefer: 'return=minimal' } },
    ),
    201,
  )
  return answer.comment
}

const page = (app: TestApp, postId: string, who?: Session, query = '?limit=20') =>
  ok<CommentsPage>(app.get(`/api/comments/${postId}${query}`, who?.token))

const postAs = async (app: TestApp, postId: string, who?: Session): Promise<Post> =>
  (await ok<PostResponse>(app.get(`/api/posts/${postId}`, who?.token))).post

const del = (app: TestApp, who: Session, postId: string, commentId: string) =>
  app.send(`/api/comments/delete/${postId}/${commentId}`, {}, { token: who.token })

async function people(app: TestApp) {
  return {
    ana: await quickUser(app, 'ana_threads'),
    ben: await quickUser(app, 'ben_threads'),
    cy: await quickUser(app, 'cy_threads'),
  }
}

describe('threads', () => {
  it('keeps a reply to a reply in its root thread, recording whom it answers', async ({ app }) => {
    const { ana, ben, cy } = await people(app)
    const postId = await createPost(app, ana.token, 'who is in on Saturday?')
    const root = await addComment(app, ben.token, postId, 'me')
    const first = await reply(app, cy, postId, root, 'me too')
    expect(first).toMatchObject({
      parentId: root,
      replyToId: root,
      replyToUsername: 'ben_threads',
    })
    const second = await reply(app, ana, postId, first._id, 'great, see you')
    expect(second).toMatchObject({
      parentId: root,
      replyToId: first._id,
      replyToUsername: 'cy_threads',
    })

    const { comments } = await page(app, postId)
    expect(comments.map((c) => c._id)).toEqual([root])
    expect(comments[0]).toMatchObject({ replyCount: 2, repliesCursor: null, parentId: null })
    expect(comments[0]?.replies?.map((c) => c.text)).toEqual(['me too', 'great, see you'])
    // The count counts replies too.
    expect((await postAs(app, postId)).commentCount).toBe(3)
    // The spec's whole list stays flat, newest first, every comment once.
    const whole = await ok<{ comments: Comment[] }>(app.get(`/api/comments/${postId}`))
    expect(whole.comments.map((c) => c.text)).toEqual(['great, see you', 'me too', 'me'])
  })

  it('shows top-level comments newest first, replies oldest first, the rest paged', async ({
    app,
  }) => {
    const { ana, ben } = await people(app)
    const postId = await createPost(app, ana.token, 'long thread')
    const older = await addComment(app, ana.token, postId, 'older root')
    const root = await addComment(app, ben.token, postId, 'newer root')
    const replies: string[] = []
    for (let n = 1; n <= 8; n += 1) {
      replies.push((await reply(app, n % 2 ? ana : ben, postId, root, `reply ${n}`))._id)
    }
    const first = await page(app, postId)
    expect(first.comments.map((c) => c._id)).toEqual([root, older])
    const thread = first.comments[0]
    expect(thread?.replyCount).toBe(8)
    expect(thread?.replies?.map((c) => c.text)).toEqual(['reply 1', 'reply 2', 'reply 3'])
    expect(thread?.repliesCursor).toEqual(expect.any(String))
    expect(first.comments[1]).toMatchObject({ replyCount: 0, replies: [], repliesCursor: null })

    const more = await ok<CommentsPage>(
      app.get(`/api/comments/${postId}/replies/${root}?limit=3&cursor=${thread?.repliesCursor}`),
    )
    expect(more.comments.map((c) => c.text)).toEqual(['reply 4', 'reply 5', 'reply 6'])
    const rest = await ok<CommentsPage>(
      app.get(`/api/comments/${postId}/replies/${root}?limit=3&cursor=${more.nextCursor}`),
    )
    expect(rest.comments.map((c) => c.text)).toEqual(['reply 7', 'reply 8'])
    expect(rest.nextCursor).toBeNull()
    // Replies of a reply are not a thread; a bad cursor is a 400.
    await expectError(
      app.get(`/api/comments/${postId}/replies/${replies[0]}`),
      404,
      MESSAGES.commentNotFound,
    )
    await expectError(
      app.get(`/api/comments/${postId}/replies/${root}?cursor=nonsense`),
      400,
      MESSAGES.invalidCursor,
    )
  })

  it('answers a deep link with the thread up to the linked reply', async ({ app }) => {
    const { ana, ben } = await people(app)
    const postId = await createPost(app, ana.token, 'deep')
    const root = await addComment(app, ben.token, postId, 'root')
    const ids: string[] = []
    for (let n = 1; n <= 7; n += 1) ids.push((await reply(app, ana, postId, root, `r${n}`))._id)
    const linked = ids[5] ?? ''
    const answer = await ok<CommentThreadResponse>(
      app.get(`/api/comments/${postId}/thread/${linked}`),
    )
    expect(answer.commentId).toBe(linked)
    expect(answer.comment._id).toBe(root)
    expect(answer.comment.replies?.map((c) => c.text)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6'])
    expect(answer.comment.replyCount).toBe(7)
    const rest = await ok<CommentsPage>(
      app.get(`/api/comments/${postId}/replies/${root}?cursor=${answer.comment.repliesCursor}`),
    )
    expect(rest.comments.map((c) => c.text)).toEqual(['r7'])
    // A link to the root shows its first replies; a link to another post's comment is a 404.
    const atRoot = await ok<CommentThreadResponse>(
      app.get(`/api/comments/${postId}/thread/${root}`),
    )
    expect(atRoot.comment.replies).toHaveLength(3)
    const otherPost = await createPost(app, ana.token, 'other')
    await expectError(
      app.get(`/api/comments/${otherPost}/thread/${linked}`),
      404,
      MESSAGES.commentNotFound,
    )
  })

  it('refuses replies to a deleted comment, another post’s and a blocker’s', async ({ app }) => {
    const { ana, ben, cy } = await people(app)
    const postId = await createPost(app, ana.token, 'hostile')
    const otherPost = await createPost(app, ana.token, 'another')
    const gone = await addComment(app, ben.token, postId, 'soon gone')
    await ok(del(app, ben, postId, gone))
    const send = (who: Session, replyTo: string, post = postId) =>
      app.send(`/api/comments/add/${post}`, { commentData: { text: 'hey', replyTo } }, who)
    await expectError(send(cy, gone), 404, MESSAGES.commentNotFound, 'COMMENT_NOT_FOUND')
    const kept = await addComment(app, ben.token, postId, 'kept')
    await expectError(send(cy, kept, otherPost), 404, MESSAGES.commentNotFound)
    await expectError(send(cy, 'abc'), 400, 'replyTo must be a comment id.', 'VALIDATION')

    // Ben blocks Cy: Cy cannot answer Ben, nor anyone in Ben's thread.
    const inThread = await reply(app, ana, postId, kept, 'in the thread')
    await ok(app.send(`/api/users/me/block/${cy.id}`, {}, ben))
    await expectError(send(cy, kept), 403, ACCOUNT_MESSAGES.blockedInteraction, 'BLOCKED')
    await expectError(send(cy, inThread._id), 403, ACCOUNT_MESSAGES.blockedInteraction)
    // …and sees neither Ben's thread nor its count.
    expect((await page(app, postId, cy)).comments).toEqual([])
    expect((await postAs(app, postId, cy)).commentCount).toBe(0)
    expect((await postAs(app, postId, ana)).commentCount).toBe(2)
    await expectError(
      app.get(`/api/comments/${postId}/thread/${inThread._id}`, cy.token),
      404,
      MESSAGES.commentNotFound,
    )
  })

  it('keeps a deleted comment with replies as a placeholder until its last reply goes', async ({
    app,
  }) => {
    const { ana, ben, cy } = await people(app)
    const postId = await createPost(app, ana.token, 'placeholder')
    const root = await addComment(app, ben.token, postId, 'root text')
    const answer = await reply(app, cy, postId, root, 'an answer')
    await ok(app.send(`/api/comments/upvote/${postId}/${root}`, {}, cy))
    await ok(del(app, ben, postId, root))

    const { comments } = await page(app, postId, ana)
    expect(comments).toHaveLength(1)
    expect(comments[0]).toMatchObject({ _id: root, deleted: true, text: '', replyCount: 1 })
    expect(comments[0]?.votes.upvoteCount).toBe(0)
    expect((await postAs(app, postId)).commentCount).toBe(1)
    // Not in the flat whole list; no votes, edits, replies or second delete on a placeholder.
    const whole = await ok<{ comments: Comment[] }>(app.get(`/api/comments/${postId}`))
    expect(whole.comments.map((c) => c._id)).toEqual([answer._id])
    await expectError(
      app.send(`/api/comments/upvote/${postId}/${root}`, {}, ana),
      410,
      MESSAGES.commentDeleted,
      'COMMENT_DELETED',
    )
    await expectError(
      app.send(`/api/comments/edit/${postId}/${root}`, { commentData: 'back' }, ben),
      410,
      MESSAGES.commentDeleted,
    )
    await expectError(del(app, ben, postId, root), 410, MESSAGES.commentDeleted)

    // Votes on replies work as on comments.
    await ok(app.send(`/api/comments/upvote/${postId}/${answer._id}`, {}, ana))
    const [thread] = (await page(app, postId, ana)).comments
    expect(thread?.replies?.[0]?.votes.upvoteCount).toBe(1)

    await ok(del(app, cy, postId, answer._id))
    expect((await page(app, postId)).comments).toEqual([])
    expect((await postAs(app, postId)).commentCount).toBe(0)
    const rows = await app.db.ids('SELECT id FROM comments WHERE post_id = ?', Number(postId))
    expect(rows).toEqual([])
  })

  it('takes the replies under a deleted account’s comments off the count', async ({ app }) => {
    const { ana, ben, cy } = await people(app)
    const postId = await createPost(app, ana.token, 'account goes')
    const root = await addComment(app, ben.token, postId, 'by ben')
    await reply(app, cy, postId, root, 'cy answers')
    await reply(app, ana, postId, root, 'ana answers')
    const kept = await addComment(app, cy.token, postId, 'by cy')
    await reply(app, ben, postId, kept, 'ben answers cy')
    expect((await postAs(app, postId)).commentCount).toBe(5)
    await deleteAccount(app.db, Number(ben.id))
    // Deleted through the service, not its command: no one (the read cache included) hears of it.
    readCacheOf(app.db)?.clear()
    expect((await postAs(app, postId)).commentCount).toBe(1)
    expect((await page(app, postId)).comments.map((c) => c.text)).toEqual(['by cy'])
  })

  it('counts only what each viewer may see, on a page of posts too', async ({ app }) => {
    const { ana, ben, cy } = await people(app)
    const postId = await createPost(app, ana.token, 'counts')
    await addComment(app, ben.token, postId, 'by ben')
    const byCy = await addComment(app, cy.token, postId, 'by cy')
    await reply(app, ben, postId, byCy, 'ben answers cy')
    await ok(app.send(`/api/users/me/mute/${cy.id}`, {}, ana))
    // Ana mutes Cy: Cy's comment and its thread are hidden from her.
    expect((await postAs(app, postId, ana)).commentCount).toBe(1)
    expect((await postAs(app, postId, ben)).commentCount).toBe(3)
    expect((await postAs(app, postId)).commentCount).toBe(3)
    const posts = await ok<PostsPage>(app.get('/api/posts?limit=5', ana.token))
    expect(posts.posts.find((p) => p._id === postId)?.commentCount).toBe(1)
    const visible = (await page(app, postId, ana)).comments
    expect(visible.map((c) => c.text)).toEqual(['by ben'])
  })

  it('notifies whom a reply answers, the post’s author and those mentioned', async ({ app }) => {
    const { ana, ben, cy } = await people(app)
    const dee = await quickUser(app, 'dee_threads')
    const postId = await createPost(app, ana.token, 'notify')
    const root = await addComment(app, ben.token, postId, 'root')
    const answer = await reply(app, cy, postId, root, 'hey @dee_threads')
    const latest = async (who: Session) =>
      (await ok<NotificationsPage>(app.get('/api/notifications?limit=5', who.token)))
        .notifications[0]
    expect(await latest(ben)).toMatchObject({
      type: 'reply',
      actor: { username: 'cy_threads' },
      commentId: answer._id,
    })
    expect(await latest(ana)).toMatchObject({ type: 'comment', commentId: answer._id })
    expect(await latest(dee)).toMatchObject({ type: 'mention', commentId: answer._id })
    // The post's author answered in their own post hears "replied" only, once.
    const back = await reply(app, ben, postId, answer._id, 'thanks')
    expect(await latest(cy)).toMatchObject({ type: 'reply', commentId: back._id })
    const toAna = await reply(app, cy, postId, back._id, 'np')
    const anas = (await ok<NotificationsPage>(app.get('/api/notifications', ana.token)))
      .notifications
    expect(anas.filter((n) => n.commentId === toAna._id).map((n) => n.type)).toEqual(['comment'])
  })

  it('sends a new reply live with its root, and deletions with what counts lose', async ({
    app,
  }) => {
    const { ana, ben, cy } = await people(app)
    const postId = await createPost(app, ana.token, 'live')
    const root = await addComment(app, ben.token, postId, 'root')
    const anaLive = await connect(app, ana)
    const answer = await reply(app, cy, postId, root, 'live reply')
    const event = (await anaLive.next('comment')).data
    expect(event).toMatchObject({ created: true, comment: { _id: answer._id, parentId: root } })

    await ok(app.send(`/api/users/me/block/${ana.id}`, {}, cy))
    const cyLive = await connect(app, cy)
    await ok(del(app, ben, postId, root))
    expect((await anaLive.next('comment-deleted')).data).toMatchObject({
      commentId: root,
      placeholder: true,
      countDelta: -1,
    })
    await ok(del(app, cy, postId, answer._id))
    // Ana blocked by Cy never saw the reply: she hears of it with nothing to take off her count.
    expect((await anaLive.next('comment-deleted')).data).toMatchObject({
      commentId: answer._id,
      countDelta: 0,
    })
    expect((await anaLive.next('comment-deleted')).data).toMatchObject({
      commentId: root,
      countDelta: 0,
    })
    // Cy never saw Ben's root deleted (its post's author blocked), but her own reply goes.
    expect((await cyLive.next('comment-deleted')).data).toMatchObject({
      commentId: root,
      countDelta: 0,
    })
    expect((await cyLive.next('comment-deleted')).data).toMatchObject({
      commentId: answer._id,
      countDelta: -1,
    })
  })
})
