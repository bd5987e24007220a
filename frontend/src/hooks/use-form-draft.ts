import { useCallback, useEffect, useRef, useState } from 'react'
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form'
import { useSession } from '@/lib/session'

/**
 * Unsaved form values kept per signed-in user and per form, so a reload or a trip to another page
 * loses nothing. sessionStorage: the draft ends with the tab, and another person signing in on the
 * same browser never sees it (the key names the user; sign-out does not carry it to them).
 */
const PREFIX = 'draft:'

export function draftKey(userId: number | string, formId: string): string {
  return `${PREFIX}${userId}:${formId}`
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** The stored draft, or null when there is none or it is not a JSON object. */
export function readDraft<T>(key: string, store: Storage | null = storage()): T | null {
  try {
    const raw = store?.getItem(key)
    if (!raw) return null
    const value: unknown = JSON.parse(raw)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : null
  } catch {
    return null
  }
}

/** What to keep: the values, or null when they equal what was saved (nothing to lose). */
export function nextDraft<T>(values: T, saved: unknown): T | null {
  return JSON.stringify(values) === JSON.stringify(saved) ? null : values
}

export function writeDraft(key: string, values: unknown, store: Storage | null = storage()) {
  try {
    if (values === null) store?.removeItem(key)
    else store?.setItem(key, JSON.stringify(values))
  } catch {
    // A full or blocked storage: the form still works, only the draft is not kept.
  }
}

export function hasDraft(key: string | null, store: Storage | null = storage()): boolean {
  return key !== null && readDraft(key, store) !== null
}

export interface FormDraft {
  /** Storage key of this form's draft; null while no one is signed in (nothing is kept). */
  key: string | null
  /** A draft was put back into the form on mount, and not yet discarded or saved. */
  restored: boolean
  /** Drops the draft and puts the saved values back. */
  discard: () => void
  /** Drops the draft after a successful save. */
  clear: () => void
  /** Something is unsaved (a draft is kept) and no save is under way: leaving should ask. */
  unsaved: () => boolean
}

/**
 * Keeps a react-hook-form form's unsaved values as a draft: put back on mount (the form is then
 * dirty), written on every change, dropped once the values equal the saved ones again.
 * `formId` names the form and what it edits ('request:new', 'request:12'); null keeps nothing.
 */
export function useFormDraft<T extends FieldValues>(form: UseFormReturn<T>, formId: string | null): FormDraft {
  const userId = useSession().user?.id
  const key = userId != null && formId ? draftKey(userId, formId) : null
  // Known at the first render (the form's own effect below puts the values back), so the notice
  // shows with the restored values and not one render later.
  const [restored, setRestored] = useState(() => hasDraft(key))
  const restoredKey = useRef<string | null>(null)

  useEffect(() => {
    if (!key || restoredKey.current === key) return
    restoredKey.current = key
    const draft = readDraft<T>(key)
    if (draft) form.reset({ ...form.getValues(), ...draft }, { keepDefaultValues: true })
  }, [key, form])

  useEffect(() => {
    if (!key) return
    const subscription = form.watch((values, { name }) => {
      const next = nextDraft(values, form.formState.defaultValues)
      // A field changed: keep what is typed. Otherwise (a reset, a submit's state) it can only end
      // the draft: back at the saved values; a form just saved has had its draft cleared already.
      if (name || next === null) writeDraft(key, next)
      if (next === null) setRestored(false)
    })
    return () => subscription.unsubscribe()
  }, [key, form])

  const clear = useCallback(() => {
    if (key) writeDraft(key, null)
    setRestored(false)
  }, [key])
  const discard = useCallback(() => {
    clear()
    form.reset(form.formState.defaultValues as DefaultValues<T>)
  }, [clear, form])

  // While a save runs, its success may navigate before the draft is cleared: that is not leaving.
  // The live state: the rendered formState may not have seen the submit start yet.
  const unsaved = useCallback(() => hasDraft(key) && !form.control._formState.isSubmitting, [key, form])

  return { key, restored, discard, clear, unsaved }
}
