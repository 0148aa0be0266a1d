import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'

/** Signs up on the server at `origin` (not the configured baseURL). */
export async function signupAt(page: Page, origin: string, username: string) {
  await page.goto(`${origin}/signup`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill('supersecret1')
  await page.getByLabel('Confirm password').fill('supersecret1')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Writes a post in the New Post modal (its result is for the caller to check). */
export async function post(page: Page, text: string) {
  await page.getByRole('button', { name: 'New Post' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await dialog.getByPlaceholder('enter a text').fill(text)
  await dialog.getByRole('button', { name: 'Post' }).click()
}
