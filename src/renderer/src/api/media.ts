import type { MediaResponse } from '../../../shared/api-types'
import { OUR_MEDIA } from '../../../shared/schemas'
import {
  ApiError,
  UNUSABLE_ANSWER_MESSAGE,
  apiUrl,
  errorMessage,
  getToken,
  retryAfterOf,
  withRetryHint,
} from './client'

/**
 * Uploads an image as multipart field `file`. Uses XMLHttpRequest rather than fetch because
 * only XHR reports upload progress; `onProgress` gets 0–1.
 */
export function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl('/media'))
    const token = getToken()
    if (token) xhr.setRequestHeader('authorization', token)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total)
    })
    xhr.addEventListener('load', () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        const { url } = body as Partial<MediaResponse>
        // Only an image of the server's own becomes a profile picture.
        if (typeof url !== 'string' || !OUR_MEDIA.test(url)) {
          reject(new ApiError(502, UNUSABLE_ANSWER_MESSAGE))
          return
        }
        onProgress?.(1)
        resolve(url)
      } else {
        const seconds = retryAfterOf(xhr.status, xhr.getResponseHeader('retry-after'))
        reject(
          new ApiError(xhr.status, withRetryHint(errorMessage(xhr.status, body), seconds), seconds),
        )
      }
    })
    xhr.addEventListener('error', () =>
      reject(new ApiError(0, 'Cannot reach the server. Check your connection.')),
    )
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}
