import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { ADMIN_MESSAGES } from '../lib/messages'
import { adminKeys } from './keys'

export type Asset = components['schemas']['AssetDto']
export const ASSET_TYPES = ['logo', 'banner', 'ad', 'misc'] as const

/** GET /admin/assets: every uploaded asset. */
export function assetsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.assets,
    queryFn: () => request(api.GET('/admin/assets'), ADMIN_MESSAGES.loadAssets),
  })
}

export function useAssets() {
  return useQuery(assetsQueryOptions())
}

/** POST /admin/assets/upload (multipart: file, assetType, description). */
export function useUploadAsset() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, assetType, description }: { file: File; assetType: string; description: string }) => {
      const form = new FormData()
      form.append('file', file)
      form.append('assetType', assetType)
      form.append('description', description)
      return request(
        api.POST('/admin/assets/upload', {
          body: form as unknown as components['schemas']['AssetUploadForm'],
          bodySerializer: (b) => b as unknown as FormData,
        }),
        ADMIN_MESSAGES.uploadAsset,
      )
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.assets }),
  })
}

export function useDeleteAsset() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (filename: string) =>
      request(api.DELETE('/admin/assets/{filename}', { params: { path: { filename } } }), ADMIN_MESSAGES.deleteAsset),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.assets }),
  })
}
