import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { i18n } from '@/lib/i18n'

// The lessons API's shapes, from the server's OpenAPI document.
export type LessonPlan = components['schemas']['LessonPlan']
export type Lesson = components['schemas']['Lesson']
export type NewPlanBody = components['schemas']['NewPlanBody']
export type Statement = components['schemas']['Statement']

const lessonsKey = ['lessons'] as const
const loadFailed = () => i18n.t('bookings:loadFailed')
const saveFailed = () => i18n.t('bookings:saveFailed')

/** The caller's lesson plans (without their lessons), newest first. */
export function useLessonPlans() {
  return useQuery({
    queryKey: [...lessonsKey, 'plans'] as const,
    queryFn: () => request(api.GET('/lesson-plans'), loadFailed()),
  })
}

/** One plan with every lesson and its state (the server reads each lesson's state on its clock). */
export function useLessonPlan(id: number | null) {
  return useQuery({
    queryKey: [...lessonsKey, 'plan', id] as const,
    queryFn: () => request(api.GET('/lesson-plans/{id}', { params: { path: { id: id ?? 0 } } }), loadFailed()),
    enabled: id !== null,
  })
}

/** A month (`YYYY-MM`, IST) of a plan in numbers. */
export function useStatement(id: number, month: string) {
  return useQuery({
    queryKey: [...lessonsKey, 'statement', id, month] as const,
    queryFn: () =>
      request(api.GET('/lesson-plans/{id}/statement', { params: { path: { id }, query: { month } } }), loadFailed()),
  })
}

function useLessonsMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonsKey }),
  })
}

/** The tutor plans lessons. */
export function useCreatePlan() {
  return useLessonsMutation((body: NewPlanBody) => request(api.POST('/lesson-plans', { body }), saveFailed()))
}

/** What one side does to one lesson. */
export type LessonAction =
  | { kind: 'confirm'; id: number }
  | { kind: 'dispute' | 'cancel'; id: number; note: string }
  | { kind: 'diary'; id: number; topic: string; homework: string }

export function useLessonAction() {
  return useLessonsMutation((action: LessonAction) => {
    const path = { params: { path: { id: action.id } } }
    switch (action.kind) {
      case 'confirm':
        return request(api.POST('/lessons/{id}/confirm', path), saveFailed())
      case 'dispute':
        return request(api.POST('/lessons/{id}/dispute', { ...path, body: { note: action.note } }), saveFailed())
      case 'cancel':
        return request(api.POST('/lessons/{id}/cancel', { ...path, body: { note: action.note } }), saveFailed())
      case 'diary':
        return request(
          api.PUT('/lessons/{id}/diary', { ...path, body: { topic: action.topic, homework: action.homework } }),
          saveFailed(),
        )
    }
  })
}
