import type { AdminUser, BulkAction, UserFilters } from '../api/users'
import { ADMIN_MESSAGES, USERS_PAGE_LIMIT } from './messages'

/**
 * The admin's user list as a pure state machine: the filters and page asked of the server, the search box
 * being typed, the selection and its bulk action, and which dialog is open. `useUsersAdmin` wires it to the
 * queries and mutations.
 */

export type UserDialog = { kind: 'add' } | { kind: 'edit' | 'resetPassword' | 'delete'; user: AdminUser }

export interface UsersState {
  filters: UserFilters
  /** The search box as typed; it filters only when submitted. */
  searchText: string
  selected: ReadonlySet<number>
  bulkAction: BulkAction
  bulkError: string | null
  confirmingBulk: boolean
  dialog: UserDialog | null
}

export type UsersAction =
  /** A new filter starts again at page 1 unless it is the page itself; a selection never outlives its page. */
  | { type: 'filtersChanged'; filters: Partial<UserFilters> }
  | { type: 'searchTyped'; text: string }
  | { type: 'searchSubmitted' }
  | { type: 'selected'; id: number; on: boolean }
  | { type: 'pageSelected'; ids: number[]; on: boolean }
  | { type: 'bulkActionChosen'; action: BulkAction }
  | { type: 'bulkRequested' }
  /** The confirmed bulk action succeeded: the selection is done with. */
  | { type: 'bulkDone' }
  /** The confirmation closed without success (cancelled or refused by the server). */
  | { type: 'bulkClosed' }
  | { type: 'dialogOpened'; dialog: UserDialog }
  | { type: 'dialogClosed' }

export const initialUsersState: UsersState = {
  filters: { role: '', active: '', search: '', page: 1, limit: USERS_PAGE_LIMIT },
  searchText: '',
  selected: new Set(),
  bulkAction: 'activate',
  bulkError: null,
  confirmingBulk: false,
  dialog: null,
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit))
}

/** The header checkbox: checked when every row of the page is selected, indeterminate when some are. */
export function pageSelection(
  rows: readonly { id: number }[],
  selected: ReadonlySet<number>,
): boolean | 'indeterminate' {
  if (rows.length > 0 && rows.every((u) => selected.has(u.id))) return true
  return rows.some((u) => selected.has(u.id)) ? 'indeterminate' : false
}

/** The user a dialog of this kind is open for, or null. */
export function dialogUser(state: UsersState, kind: 'edit' | 'resetPassword' | 'delete'): AdminUser | null {
  return state.dialog?.kind === kind ? state.dialog.user : null
}

function changeFilters(state: UsersState, next: Partial<UserFilters>): UsersState {
  return { ...state, filters: { ...state.filters, ...next, page: next.page ?? 1 }, selected: new Set() }
}

export function usersReducer(state: UsersState, action: UsersAction): UsersState {
  switch (action.type) {
    case 'filtersChanged':
      return changeFilters(state, action.filters)
    case 'searchTyped':
      return { ...state, searchText: action.text }
    case 'searchSubmitted':
      return changeFilters(state, { search: state.searchText })
    case 'selected': {
      const selected = new Set(state.selected)
      if (action.on) selected.add(action.id)
      else selected.delete(action.id)
      return { ...state, selected, bulkError: null }
    }
    case 'pageSelected':
      return { ...state, selected: new Set(action.on ? action.ids : []), bulkError: null }
    case 'bulkActionChosen':
      return { ...state, bulkAction: action.action }
    case 'bulkRequested':
      if (state.selected.size === 0) return { ...state, bulkError: ADMIN_MESSAGES.selectUsers }
      return { ...state, bulkError: null, confirmingBulk: true }
    case 'bulkDone':
      return { ...state, selected: new Set(), confirmingBulk: false }
    case 'bulkClosed':
      return { ...state, confirmingBulk: false }
    case 'dialogOpened':
      return { ...state, dialog: action.dialog }
    case 'dialogClosed':
      return { ...state, dialog: null }
  }
}
