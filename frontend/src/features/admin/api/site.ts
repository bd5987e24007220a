import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { siteQueryKey } from '@/lib/site'
import { ADMIN_MESSAGES } from '../lib/messages'
import { adminKeys } from './keys'

export type SettingsBody = components['schemas']['SettingsBody']
export type ContentBody = components['schemas']['ContentBody']

/** Site settings and content change what every visitor sees: refresh the public /site too. */
function useInvalidateSite(key: readonly string[]) {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: siteQueryKey }),
    ])
  }
}

/** GET /admin/settings: General Settings and the logo and banner. */
export function adminSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.settings,
    queryFn: () => request(api.GET('/admin/settings'), ADMIN_MESSAGES.loadSettings),
  })
}

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions())
}

export function useSaveSettings() {
  const invalidate = useInvalidateSite(adminKeys.settings)
  return useMutation({
    mutationFn: (body: SettingsBody) => request(api.POST('/admin/settings', { body }), ADMIN_MESSAGES.saveSettings),
    onSuccess: invalidate,
  })
}

/** GET /admin/content: the landing page's text, banners, FAQs and announcements. */
export function adminContentQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.content,
    queryFn: () => request(api.GET('/admin/content'), ADMIN_MESSAGES.loadContent),
  })
}

export function useAdminContent() {
  return useQuery(adminContentQueryOptions())
}

export function useSaveContent() {
  const invalidate = useInvalidateSite(adminKeys.content)
  return useMutation({
    mutationFn: (body: ContentBody) => request(api.POST('/admin/content', { body }), ADMIN_MESSAGES.saveContent),
    onSuccess: invalidate,
  })
}

/** POST /admin/upload (multipart `image`, `target` logo|banner): the site logo or ad banner. */
export function useUploadSiteImage() {
  const invalidate = useInvalidateSite(adminKeys.settings)
  return useMutation({
    mutationFn: ({ file, target }: { file: File; target: 'logo' | 'banner' }) => {
      const form = new FormData()
      form.append('image', file)
      form.append('target', target)
      return request(
        api.POST('/admin/upload', {
          body: form as unknown as components['schemas']['SiteImageForm'],
          bodySerializer: (b) => b as unknown as FormData,
        }),
        ADMIN_MESSAGES.upload,
      )
    },
    onSuccess: invalidate,
  })
}

/** GET /admin/testimonials: approved and pending. */
export function adminTestimonialsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.testimonials,
    queryFn: () => request(api.GET('/admin/testimonials'), ADMIN_MESSAGES.loadTestimonials),
  })
}

export function useAdminTestimonials() {
  return useQuery(adminTestimonialsQueryOptions())
}

export function useApproveTestimonial() {
  const invalidate = useInvalidateSite(adminKeys.testimonials)
  return useMutation({
    mutationFn: (body: { id: number; approved: boolean }) =>
      request(api.POST('/admin/testimonials/approve', { body }), ADMIN_MESSAGES.testimonial),
    onSuccess: invalidate,
  })
}
