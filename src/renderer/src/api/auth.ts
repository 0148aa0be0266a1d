import type { LoginResponse, SignupResponse } from '../../../shared/api-types'
import { request } from './client'

export function login(username: string, password: string): Promise<LoginResponse> {
  return request<LoginResponse>('/auth/login', {
    method: 'POST',
    body: { username, password },
    answer: 'login',
  })
}

export function signup(username: string, password: string): Promise<SignupResponse> {
  return request<SignupResponse>('/auth/signup', {
    method: 'POST',
    body: { username, password },
    answer: 'signup',
  })
}
