import { createContext, useContext, useEffect, useRef } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

/**
 * A guided flow's current step as its Next button sees it (the tutor's /onboarding): whether
 * something typed there is not saved yet, and how to save it. The step's own form says why a save
 * failed; Next then stays on the step.
 */
export interface StepSave {
  unsaved: () => boolean
  /** Resolves whether it was saved. */
  save: () => Promise<boolean>
}

/** Where a flow learns its current step's form: registering answers how to take it back. */
export const StepSaveContext = createContext<((step: StepSave) => () => void) | null>(null)

/** Lets the flow around this form (if any) save it; the latest `step` is always the one called. */
export function useStepSave(step: StepSave): boolean {
  const register = useContext(StepSaveContext)
  const latest = useRef(step)
  useEffect(() => {
    latest.current = step
  })
  useEffect(() => {
    if (!register) return
    return register({ unsaved: () => latest.current.unsaved(), save: () => latest.current.save() })
  }, [register])
  return register !== null
}

/**
 * A react-hook-form `handleSubmit` run as a promise of whether it saved: `persist` gets the valid
 * values and resolves whether the server took them; invalid values resolve false (their errors show).
 */
export function submitted<T extends FieldValues>(
  form: UseFormReturn<T>,
  persist: (values: T) => Promise<boolean>,
): Promise<boolean> {
  return new Promise((resolve) => {
    void form.handleSubmit(
      async (values) => resolve(await persist(values)),
      () => resolve(false),
    )()
  })
}
