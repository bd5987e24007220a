import { useReducer } from 'react'
import { errorMessage } from '@/api/client'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useBulkUsers, useDeleteUser, useSetUserStatus, useUsers, type AdminUser } from '../api/users'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { dialogUser, initialUsersState, pageCount, usersReducer } from '../lib/users-state'

/** The admin's user list: its state (see users-state.ts), the page the server returned and the mutations. */
export function useUsersAdmin() {
  const { t } = useTranslation()
  const say = useAdminText()
  const [state, dispatch] = useReducer(usersReducer, initialUsersState)
  const users = useUsers(state.filters)
  const status = useSetUserStatus()
  const remove = useDeleteUser()
  const bulk = useBulkUsers()

  const rows = users.data?.users ?? []
  const total = users.data?.total ?? 0
  const pages = pageCount(total, state.filters.limit)

  const runBulk = () =>
    bulk.mutate(
      { userIds: [...state.selected], action: state.bulkAction },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || t('admin:users.updated', { count: result.affected }))
          dispatch({ type: 'bulkDone' })
        },
        onError: (e) => {
          notifyError(say(errorMessage(e, ADMIN_MESSAGES.bulk)))
          dispatch({ type: 'bulkClosed' })
        },
      },
    )

  const runDelete = () => {
    const deleting = dialogUser(state, 'delete')
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('admin:users.deleted'))
        dispatch({ type: 'dialogClosed' })
      },
      onError: (e) => {
        notifyError(say(errorMessage(e, ADMIN_MESSAGES.deleteUser)))
        dispatch({ type: 'dialogClosed' })
      },
    })
  }

  const setActive = (user: AdminUser, active: boolean) =>
    status.mutate(
      { id: user.id, active },
      {
        onSuccess: () =>
          notifySuccess(
            active
              ? t('admin:users.activated', { email: user.email })
              : t('admin:users.deactivated', { email: user.email }),
          ),
        onError: (e) => notifyError(say(errorMessage(e, ADMIN_MESSAGES.updateStatus))),
      },
    )

  return {
    state,
    dispatch,
    users,
    rows,
    total,
    pages,
    runBulk,
    bulkPending: bulk.isPending,
    runDelete,
    deletePending: remove.isPending,
    setActive,
  }
}
