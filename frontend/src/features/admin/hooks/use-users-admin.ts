import { useReducer } from 'react'
import { errorMessage } from '@/api/client'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useBulkUsers, useDeleteUser, useSetUserStatus, useUsers, type AdminUser } from '../api/users'
import { ADMIN_MESSAGES } from '../lib/messages'
import { dialogUser, initialUsersState, pageCount, usersReducer } from '../lib/users-state'

/** The admin's user list: its state (see users-state.ts), the page the server returned and the mutations. */
export function useUsersAdmin() {
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
          notifySuccess(result.message || `${result.affected} user(s) updated`)
          dispatch({ type: 'bulkDone' })
        },
        onError: (e) => {
          notifyError(errorMessage(e, ADMIN_MESSAGES.bulk))
          dispatch({ type: 'bulkClosed' })
        },
      },
    )

  const runDelete = () => {
    const deleting = dialogUser(state, 'delete')
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess('User deleted')
        dispatch({ type: 'dialogClosed' })
      },
      onError: (e) => {
        notifyError(errorMessage(e, ADMIN_MESSAGES.deleteUser))
        dispatch({ type: 'dialogClosed' })
      },
    })
  }

  const setActive = (user: AdminUser, active: boolean) =>
    status.mutate(
      { id: user.id, active },
      {
        onSuccess: () => notifySuccess(`${user.email} ${active ? 'activated' : 'deactivated'}`),
        onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.updateStatus)),
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
