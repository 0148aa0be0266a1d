/**
 * axe-core on the bell, the notifications page (new, read, empty) and tag pages, in both themes
 * and on a phone: every rule in one look, contrast in the others (axe.ts, axeScopeFor). Run by
 * notifications-a11y-desktop.spec.ts and notifications-a11y-phone.spec.ts, one screen size each
 * and both themes of it, so that each file stays inside the two minutes a file may take
 * (docs/testing.md).
 */
import { expect, test } from './fixtures'
import { checkInBothThemes } from './axe'
import { longName } from './helpers'
import { sizes, type Size } from './looks'
import { apiCall, apiPost, apiUser, bell, entries, signedInContext } from './notify-helpers'

/** The checks on one screen size, each screen in both themes. */
export function checkNotificationsAndTags(sizeName: Size['name']): void {
  for (const size of sizes().filter((candidate) => candidate.name === sizeName)) {
    test(`axe finds no serious violation on notifications and tags (${size.name}, both themes)`, async ({
      browser,
      request,
      demoUrl,
    }) => {
      test.setTimeout(240_000)
      const tag = `axe_${Date.now().toString(36)}`
      const me = await apiUser(request, longName('axe'))
      const others = [await apiUser(request), await apiUser(request), await apiUser(request)]
      const postId = await apiPost(request, me.token, `${'Unbreakable'.repeat(12)} #${tag}`)
      for (const other of others) await apiCall(request, other.token, `/posts/like/${postId}`)
      await apiCall(request, others[0]?.token ?? '', `/users/follow/${me.id}`)
      await apiPost(
        request,
        others[1]?.token ?? '',
        `gg @${me.username} #${tag} https://example.com/${'x'.repeat(60)}`,
      )
      const context = await signedInContext(browser, demoUrl, me, { viewport: size.viewport })
      const page = await context.newPage()

      await page.goto('/home')
      await expect(bell(page).getByTestId('bell-badge')).toHaveText('5')
      await checkInBothThemes(page, size, { what: 'home with a badge' })
      await page.goto('/notifications')
      await expect(entries(page)).toHaveCount(3)
      await checkInBothThemes(page, size, { what: '/notifications (new)' })
      await entries(page).last().getByRole('button', { name: '2 others' }).click()
      await page.reload()
      await expect(entries(page)).toHaveCount(3)
      await checkInBothThemes(page, size, { what: '/notifications (read)' })
      await page.goto(`/tags/${tag}`)
      await expect(page.getByRole('article')).toHaveCount(2)
      await checkInBothThemes(page, size, { what: `/tags/${tag}` })
      await page.goto('/tags/x')
      await expect(page.getByText('No posts with #x yet')).toBeVisible()
      await checkInBothThemes(page, size, { what: '/tags/x' })
      await page.goto('/tags/1')
      await expect(page.getByText('That is not a hashtag')).toBeVisible()
      await checkInBothThemes(page, size, { what: '/tags/1' })
      await context.close()

      const newcomer = await apiUser(request)
      const empty = await signedInContext(browser, demoUrl, newcomer, { viewport: size.viewport })
      const emptyPage = await empty.newPage()
      await emptyPage.goto('/notifications')
      await expect(emptyPage.getByText('No notifications yet…')).toBeVisible()
      await checkInBothThemes(emptyPage, size, { what: '/notifications (empty)' })
      await empty.close()
    })
  }
}
