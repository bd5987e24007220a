import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import type { ApiPaths } from '@/api/types'
import { ADMIN_MESSAGES } from '../lib/messages'
import { adminKeys } from './keys'

export type AdminUser = components['schemas']['AccountDto']
export type CreateUserBody = components['schemas']['CreateUserBody']
export type UpdateUserBody = components['schemas']['UpdateUserBody']
export type UserRole = components['schemas']['UserRole']
export type BulkAction = components['schemas']['BulkUserAction']
type UsersQuery = NonNullable<ApiPaths['/admin/users']['get']['parameters']['query']>
type RoleFilter = NonNullable<UsersQuery['role']>
type ActiveFilter = NonNullable<UsersQuery['active']>

const ROLE_FILTERS: readonly RoleFilter[] = ['all', 'parent', 'tutor', 'admin']
const ACTIVE_FILTERS: readonly ActiveFilter[] = ['all', 'true', 'false']

/** The choice among `choices` spelled `value`; anything else (the empty "all" option) filters nothing. */
function oneOf<T extends string>(choices: readonly T[], value: string | undefined): T | undefined {
  return choices.find((choice) => choice === value)
}

export interface UserFilters {
  /** A role, or empty for all. */
  role?: string
  /** 'true' or 'false'; empty for both. */
  active?: string
  search?: string
  page: number
  limit: number
}

/** GET /admin/users: one page of users matching the filters, with the total across pages. */
export function getUsers(filters: UserFilters) {
  const query = {
    page: filters.page,
    limit: filters.limit,
    role: oneOf(ROLE_FILTERS, filters.role),
    active: oneOf(ACTIVE_FILTERS, filters.active),
    search: filters.search?.trim() || undefined,
  }
  return request(api.GET('/admin/users', { params: { query } }), ADMIN_MESSAGES.loadUsers)
}

/** Another page or filter keeps showing the previous rows until its own arrive. */
export function usersQueryOptions(filters: UserFilters) {
  return queryOptions({
    queryKey: [...adminKeys.users, filters],
    queryFn: () => getUsers(filters),
    placeholderData: keepPreviousData,
  })
}

export function useUsers(filters: UserFilters) {
  return useQuery(usersQueryOptions(filters))
}

function useInvalidateUsers() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all })
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (body: CreateUserBody) => request(api.POST('/admin/users/create', { body }), ADMIN_MESSAGES.createUser),
    onSuccess: invalidate,
  })
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) =>
      request(api.POST('/admin/users/{id}/update', { params: { path: { id } }, body }), ADMIN_MESSAGES.updateUser),
    onSuccess: invalidate,
  })
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (id: number) =>
      request(api.POST('/admin/users/{id}/delete', { params: { path: { id } } }), ADMIN_MESSAGES.deleteUser),
    onSuccess: invalidate,
  })
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      request(
        api.POST('/admin/users/{id}/reset-password', { params: { path: { id } }, body: { password } }),
        ADMIN_MESSAGES.resetPassword,
      ),
  })
}

export function useSetUserStatus() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      request(
        api.PATCH('/admin/users/{id}/status', { params: { path: { id } }, body: { active } }),
        ADMIN_MESSAGES.updateStatus,
      ),
    onSuccess: invalidate,
  })
}

export function useBulkUsers() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ userIds, action }: { userIds: number[]; action: BulkAction }) =>
      request(api.POST('/admin/users/bulk', { body: { userIds, action } }), ADMIN_MESSAGES.bulk),
    onSuccess: invalidate,
  })
}
