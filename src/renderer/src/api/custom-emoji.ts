/**
 * The server's custom emoji (docs/API.md, "Custom emoji"): thin typed calls, as every api/
 * module. Loaded with the first text that names a shortcode, the picker or the host's panel:
 * not in the first load.
 */
import type {
  CustomEmoji,
  CustomEmojiList,
  CustomEmojiResponse,
  OkResponse,
} from '../../../shared/api-types'
import { loadAnswerChecks } from './answer-checks'
import { ApiError, UNUSABLE_ANSWER_MESSAGE, apiUrl, getToken, refusal, request } from './client'

/**
 * The whole list. The server answers it with an ETag and `no-cache`: the browser asks with
 * `If-None-Match` by itself, and an unchanged list costs a 304.
 */
export function listCustomEmoji(): Promise<CustomEmojiList> {
  return request<CustomEmojiList>('/emoji', { answer: 'customEmojiList' })
}

/** Adds an emoji (hosts): multipart `shortcode` and `file`; answers the emoji added. */
export function addCustomEmoji(shortcode: string, file: File): Promise<CustomEmoji> {
  // XMLHttpRequest as api/media.ts sends images (request() sends JSON only).
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl('/emoji'))
    const token = getToken()
    if (token) xhr.setRequestHeader('authorization', token)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.addEventListener('load', () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(refusal(xhr.status, body, xhr.getResponseHeader('retry-after')))
        return
      }
      void loadAnswerChecks().then((checks) => {
        const checked = checks.customEmoji.safeParse(body)
        if (checked.success) resolve((checked.data as CustomEmojiResponse).emoji)
        else reject(new ApiError(502, UNUSABLE_ANSWER_MESSAGE))
      }, reject)
    })
    xhr.addEventListener('error', () =>
      reject(new ApiError(0, 'Cannot reach the server. Check your connection.')),
    )
    const form = new FormData()
    form.append('shortcode', shortcode)
    form.append('file', file)
    xhr.send(form)
  })
}

/** Deletes an emoji (hosts), and every reaction with it. */
export function removeCustomEmoji(shortcode: string): Promise<OkResponse> {
  return request<OkResponse>(`/emoji/${encodeURIComponent(shortcode)}`, { method: 'DELETE' })
}
