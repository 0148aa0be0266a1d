import type { MediaResponse } from '../../../shared/api-types'
import { ApiError, apiUrl, errorMessage, getToken } from './client'

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
        onProgress?.(1)
        resolve((body as MediaResponse).url)
      } else {
        reject(new ApiError(xhr.status, errorMessage(xhr.status, body)))
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
