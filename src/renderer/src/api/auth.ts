import type { LoginResponse, SignupResponse } from '../../../shared/api-types'
import { ANSWERS } from '../../../shared/answer-schemas'
import { request } from './client'

export function login(username: string, password: string): Promise<LoginResponse> {
  return request<LoginResponse>('/auth/login', {
    method: 'POST',
    body: { username, password },
    answer: ANSWERS.login,
  })
}

export function signup(username: string, password: string): Promise<SignupResponse> {
  return request<SignupResponse>('/auth/signup', {
    method: 'POST',
    body: { username, password },
    answer: ANSWERS.signup,
  })
}
