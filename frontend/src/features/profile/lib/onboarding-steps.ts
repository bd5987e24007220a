import { i18n } from '@/lib/i18n'

/** The onboarding steps in the order the flow asks for them: the server's `Step`s, the same order. */
export const STEPS = [
  'subjects',
  'classes',
  'boards',
  'modes',
  'area',
  'fee',
  'availability',
  'photo',
  'about',
] as const
export type Step = (typeof STEPS)[number]

export function isStep(value: string | null | undefined): value is Step {
  return (STEPS as readonly string[]).includes(value ?? '')
}

/** The step `?step=` names, else the first. */
export function stepOf(param: string | null): Step {
  return isStep(param) ? param : STEPS[0]
}

/** The step after `step` (null after the last), and before it (null before the first). */
export function nextOf(step: Step): Step | null {
  return STEPS[STEPS.indexOf(step) + 1] ?? null
}
export function previousOf(step: Step): Step | null {
  const i = STEPS.indexOf(step)
  return i > 0 ? STEPS[i - 1] : null
}

/** The first step the server says is missing (where "Continue setting up" goes), in the flow's order. */
export function firstMissing(missing: readonly string[]): Step | null {
  return STEPS.find((s) => missing.includes(s)) ?? null
}

/** A step's name, in the language shown. */
export function stepLabel(step: Step): string {
  switch (step) {
    case 'subjects':
      return i18n.t('onboarding:step.subjects')
    case 'classes':
      return i18n.t('onboarding:step.classes')
    case 'boards':
      return i18n.t('onboarding:step.boards')
    case 'modes':
      return i18n.t('onboarding:step.modes')
    case 'area':
      return i18n.t('onboarding:step.area')
    case 'fee':
      return i18n.t('onboarding:step.fee')
    case 'availability':
      return i18n.t('onboarding:step.availability')
    case 'photo':
      return i18n.t('onboarding:step.photo')
    case 'about':
      return i18n.t('onboarding:step.about')
  }
}

/** What to do on a step. */
export function stepHint(step: Step): string {
  switch (step) {
    case 'subjects':
      return i18n.t('onboarding:hint.subjects')
    case 'classes':
      return i18n.t('onboarding:hint.classes')
    case 'boards':
      return i18n.t('onboarding:hint.boards')
    case 'modes':
      return i18n.t('onboarding:hint.modes')
    case 'area':
      return i18n.t('onboarding:hint.area')
    case 'fee':
      return i18n.t('onboarding:hint.fee')
    case 'availability':
      return i18n.t('onboarding:hint.availability')
    case 'photo':
      return i18n.t('onboarding:hint.photo')
    case 'about':
      return i18n.t('onboarding:hint.about')
  }
}

/** Why a missing step matters, as the dashboard says it. */
export function stepWhy(step: Step): string {
  switch (step) {
    case 'subjects':
      return i18n.t('onboarding:why.subjects')
    case 'classes':
      return i18n.t('onboarding:why.classes')
    case 'boards':
      return i18n.t('onboarding:why.boards')
    case 'modes':
      return i18n.t('onboarding:why.modes')
    case 'area':
      return i18n.t('onboarding:why.area')
    case 'fee':
      return i18n.t('onboarding:why.fee')
    case 'availability':
      return i18n.t('onboarding:why.availability')
    case 'photo':
      return i18n.t('onboarding:why.photo')
    case 'about':
      return i18n.t('onboarding:why.about')
  }
}
