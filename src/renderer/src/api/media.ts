import type { MediaResponse, PostMediaItem } from '../../../shared/api-types'
import { ApiError, apiUrl, errorMessage, getToken } from './client'

/**
 * Uploads an image as multipart field `file`. Uses XMLHttpRequest rather than fetch because
 * only XHR reports upload progress; `onProgress` gets 0–1.
 */
export function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  return sendImage<MediaResponse>('/media', file, onProgress).then((body) => body.url)
}

/** Uploads an image for a post (docs/API.md "Images in posts"): answers it as posts show it. */
export function uploadPostImage(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<PostMediaItem> {
  return sendImage<{ media: PostMediaItem }>('/media/post-images', file, onProgress).then(
    (body) => body.media,
  )
}

function sendImage<Answer>(
  path: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl(path))
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
        resolve(body as Answer)
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
