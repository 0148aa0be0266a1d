/**
 * axe-core on the bell, the notifications page (new, read, empty) and tag pages, in both themes
 * and on a phone: every rule in one look, contrast in the others (axe.ts, axeScopeFor). Run by
 * notifications-a11y-desktop.spec.ts and notifications-a11y-phone.spec.ts, two looks each, so
 * that each file stays well inside the two minutes a file may take (README, "Tests").
 */
import { expect, test } from './fixtures'
import { axeScopeFor, expectNoSeriousViolations } from './axe'
import { longName } from './helpers'
import { looks } from './looks'
import { apiCall, apiPost, apiUser, bell, entries, signedInContext } from './notify-helpers'

/** The checks in the looks named (`light`, `dark`, `phone-light`, `phone-dark`). */
export function checkNotificationsAndTags(...names: string[]): void {
  for (const variant of looks().filter((look) => names.includes(look.name))) {
    test(`axe finds no serious violation on notifications and tags (${variant.name})`, async ({
      browser,
      request,
      demoUrl,
    }) => {
      test.setTimeout(120_000)
      const scope = axeScopeFor(variant)
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
      const context = await signedInContext(browser, demoUrl, me, variant)
      const page = await context.newPage()

      await page.goto('/home')
      await expect(bell(page).getByTestId('bell-badge')).toHaveText('5')
      await expectNoSeriousViolations(page, 'home with a badge', { scope })
      await page.goto('/notifications')
      await expect(entries(page)).toHaveCount(3)
      await expectNoSeriousViolations(page, '/notifications (new)', { scope })
      await entries(page).last().getByRole('button', { name: '2 others' }).click()
      await page.reload()
      await expect(entries(page)).toHaveCount(3)
      await expectNoSeriousViolations(page, '/notifications (read)', { scope })
      await page.goto(`/tags/${tag}`)
      await expect(page.getByRole('article')).toHaveCount(2)
      await expectNoSeriousViolations(page, `/tags/${tag}`, { scope })
      await page.goto('/tags/x')
      await expect(page.getByText('No posts with #x yet')).toBeVisible()
      await expectNoSeriousViolations(page, '/tags/x', { scope })
      await page.goto('/tags/1')
      await expect(page.getByText('That is not a hashtag')).toBeVisible()
      await expectNoSeriousViolations(page, '/tags/1', { scope })
      await context.close()

      const newcomer = await apiUser(request)
      const empty = await signedInContext(browser, demoUrl, newcomer, variant)
      const emptyPage = await empty.newPage()
      await emptyPage.goto('/notifications')
      await expect(emptyPage.getByText('No notifications yet…')).toBeVisible()
      await expectNoSeriousViolations(emptyPage, '/notifications (empty)', { scope })
      await empty.close()
    })
  }
}
