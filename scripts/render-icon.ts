/**
 * Renders resources/icon.svg to the 1024×1024 resources/icon.png that electron-builder turns
 * into each platform's icon (ico, icns, png). Run after changing the SVG:
 * `npx tsx scripts/render-icon.ts` (needs Debian's Chromium, as the browser tests do).
 */
import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const resources = fileURLToPath(new URL('../resources/', import.meta.url))
const svg = readFileSync(`${resources}icon.svg`, 'utf8')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } })
await page.setContent(
  `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', '<svg width="1024" height="1024" ')}</body></html>`,
)
await page.screenshot({ path: `${resources}icon.png`, omitBackground: true })
await browser.close()
console.log(`Wrote ${resources}icon.png`)
