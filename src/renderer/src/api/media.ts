import type {
  ClipLimitResponse,
  MediaResponse,
  PostClipResponse,
  PostImageResponse,
  PostMediaItem,
} from '../../../shared/api-types'
import { OUR_MEDIA } from '../../../shared/media-paths'
import { ApiError, UNUSABLE_ANSWER_MESSAGE, apiUrl, getToken, refusal, request } from './client'

/**
 * Uploads an image as multipart field `file`. Uses XMLHttpRequest rather than fetch because
 * only XHR reports upload progress; `onProgress` gets 0–1.
 */
export function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  // Only an image of the server's own becomes a profile picture.
  return sendImage('/media', file, onProgress, (body) => {
    const { url } = body as Partial<MediaResponse>
    return typeof url === 'string' && OUR_MEDIA.test(url) ? url : null
  })
}

/** Uploads an image for a post (docs/API.md "Images in posts"): answers it as posts show it. */
export function uploadPostImage(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<PostMediaItem> {
  // A post shows only the server's own images.
  return sendImage('/media/post-images', file, onProgress, (body) => {
    const { media } = body as Partial<Record<keyof PostImageResponse, Partial<PostMediaItem>>>
    const ours = (url: unknown) => typeof url === 'string' && OUR_MEDIA.test(url)
    return media && ours(media.url) && ours(media.thumbUrl) ? (media as PostMediaItem) : null
  })
}

/** Sends the file; `accept` turns a 2xx answer into the result, or null when it is unusable. */
export function sendImage<Answer>(
  path: string,
  file: File,
  onProgress: ((fraction: number) => void) | undefined,
  accept: (body: object) => Answer | null,
  /** A clip's poster: sent as the form field `poster`. */
  poster: Blob | null = null,
  method: 'POST' | 'PUT' = 'POST',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, apiUrl(path))
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
        const answer = accept(body)
        if (answer === null) {
          reject(new ApiError(502, UNUSABLE_ANSWER_MESSAGE))
          return
        }
        onProgress?.(1)
        resolve(answer)
      } else {
        reject(refusal(xhr.status, body, xhr.getResponseHeader('retry-after')))
      }
    })
    xhr.addEventListener('error', () =>
      reject(new ApiError(0, 'Cannot reach the server. Check your connection.')),
    )
    const form = new FormData()
    form.append('file', file)
    if (poster) form.append('poster', poster, 'poster.jpg')
    xhr.send(form)
  })
}

// --- clips ---
/**
 * Uploads a clip for a post (docs/API.md "Clips in posts") with the poster the app drew, if any:
 * answers it as posts show it.
 */
export function uploadPostClip(
  file: File,
  poster: Blob | null,
  onProgress?: (fraction: number) => void,
): Promise<PostMediaItem> {
  return sendImage(
    '/media/clips',
    file,
    onProgress,
    (body) => {
      const { media } = body as Partial<Record<keyof PostClipResponse, Partial<PostMediaItem>>>
      const ours = (url: unknown) => typeof url === 'string' && OUR_MEDIA.test(url)
      return media && ours(media.url) && ours(media.thumbUrl) ? (media as PostMediaItem) : null
    },
    poster,
  )
}

// --- lost draft media (session 14) ---
/**
 * Whether a draft's upload is gone from the server (swept after a week, docs/API.md "Images in
 * posts"): a HEAD of its address answers 404. Anything else, a failure to reach the server
 * included, is not taken as gone: the post's own answer (MEDIA_GONE) has the last word.
 */
export async function isMediaGone(address: string): Promise<boolean> {
  try {
    const response = await fetch(address, { method: 'HEAD', cache: 'no-store' })
    return response.status === 404
  } catch {
    return false
  }
}
// --- end lost draft media ---

/** The host's clip size limit (Server page). */
export function getClipLimit(): Promise<ClipLimitResponse> {
  return request<ClipLimitResponse>('/moderation/clip-limit')
}

/** The host's clip limit as any member reads it (the composer refuses a larger clip at once). */
export function getMemberClipLimit(): Promise<ClipLimitResponse> {
  return request<ClipLimitResponse>('/media/clip-limit')
}

export function setClipLimit(maxBytes: number): Promise<ClipLimitResponse> {
  return request<ClipLimitResponse>('/moderation/clip-limit', {
    method: 'PUT',
    body: { maxBytes },
  })
}
// --- end clips ---
