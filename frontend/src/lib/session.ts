import { useSyncExternalStore } from 'react'
import { asRole, type Profile, type Role } from '@/api/types'

/**
 * The logged-in state lives in localStorage (SPEC §3 "browser-stored values") so that it
 * survives reloads and is shared between tabs. This module is its only reader and writer.
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  role: 'role',
  email: 'email',
  userId: 'userId',
  subscriptionActive: 'subscriptionActive',
  subscriptionExpires: 'subscriptionExpires',
  unreadChats: 'unreadChats',
  unreadPerUser: 'unreadPerUser',
} as const

/** Removed on sign out and on any 401: everything that describes who is logged in. */
const SESSION_KEYS = Object.values(STORAGE_KEYS)

export interface Session {
  token: string | null
  role: Role | null
  email: string | null
  user: Profile | null
  isLoggedIn: boolean
  /**
   * The server's `subscriptionActive` as last stored: the server alone decides that a subscription
   * is active (paid and not yet expired), on every answer that carries it.
   */
  subscribed: boolean
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function parseUser(raw: string | null): Profile | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    return value && typeof value === 'object' ? (value as Profile) : null
  } catch {
    return null
  }
}

function readSession(): Session {
  const token = read(STORAGE_KEYS.token)
  const user = parseUser(read(STORAGE_KEYS.user))
  const storedRole = read(STORAGE_KEYS.role)
  const role = asRole(storedRole) ?? asRole(user?.role)
  const email = read(STORAGE_KEYS.email) ?? user?.email?.toLowerCase() ?? null
  // The stored keys are written from server answers only: the login/profile user, the
  // subscription-status check and a successful payment verification.
  const subscribed = read(STORAGE_KEYS.subscriptionActive) === 'true'
  return { token, role, email, user, isLoggedIn: Boolean(token), subscribed }
}

let current: Session = readSession()
const listeners = new Set<() => void>()

function emit() {
  current = readSession()
  listeners.forEach((listener) => listener())
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Storage can be unavailable (private mode quotas); the in-memory state still updates.
  }
}

function writeUser(user: Profile) {
  write(STORAGE_KEYS.user, JSON.stringify(user))
  write(STORAGE_KEYS.userId, String(user.id))
  write(STORAGE_KEYS.subscriptionActive, String(Boolean(user.subscriptionActive)))
  write(STORAGE_KEYS.subscriptionExpires, user.subscriptionExpires ?? null)
}

/** Who is logged in, as people call them: the profile's name; the e-mail only while it has none. */
export function displayName(session: Session): string {
  return session.user?.fullname?.trim() || session.email || ''
}

export function getSession(): Session {
  return current
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.token)
}

/** Stores the result of a successful login. */
export function startSession(input: { token: string; role: string; email: string; user: Profile }) {
  write(STORAGE_KEYS.token, input.token)
  write(STORAGE_KEYS.role, input.role)
  write(STORAGE_KEYS.email, input.email.toLowerCase())
  writeUser(input.user)
  emit()
}

/** Replaces the stored profile (after a profile fetch or update). */
export function updateSessionUser(user: Profile) {
  if (!getToken()) return
  writeUser(user)
  write(STORAGE_KEYS.role, user.role)
  emit()
}

/**
 * Saves (or, when inactive, clears) the subscription as the server reported it: from
 * /payment/subscription-status or a successful /payment/verify. Never call it with anything the
 * browser made up (SPEC §4: the server is the only source of truth).
 */
export function setSubscription(active: boolean, expires: string | null | undefined) {
  if (!getToken()) return
  write(STORAGE_KEYS.subscriptionActive, String(active))
  write(STORAGE_KEYS.subscriptionExpires, active && expires ? expires : null)
  const user = parseUser(read(STORAGE_KEYS.user))
  if (user) {
    write(
      STORAGE_KEYS.user,
      JSON.stringify({ ...user, subscriptionActive: active, subscriptionExpires: active ? (expires ?? null) : null }),
    )
  }
  emit()
}

/**
 * SPEC §4: whether the stored answer may stand without asking the server again. An answer that
 * said 'active until X' is out of date once X has passed (and 'not active' may have changed since a
 * payment): then the shell asks GET /payment/subscription-status, and its answer is stored.
 */
export function storedSubscriptionIsCurrent(now: number = Date.now()): boolean {
  if (read(STORAGE_KEYS.subscriptionActive) !== 'true') return false
  const answeredUntil = Date.parse(read(STORAGE_KEYS.subscriptionExpires) ?? '')
  return Number.isFinite(answeredUntil) && answeredUntil > now
}

export function clearSession() {
  SESSION_KEYS.forEach((key) => write(key, null))
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (SESSION_KEYS as string[]).includes(event.key)) emit()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Calls `listener` whenever the session changes (here or in another tab); returns how to stop. */
export const onSessionChange: (listener: () => void) => () => void = subscribe

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession)
}

/** Re-reads localStorage; tests use it after seeding storage directly. */
export function reloadSession() {
  emit()
}
