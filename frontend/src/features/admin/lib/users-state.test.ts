// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { AdminUser } from '../api/users'
import { ADMIN_MESSAGES, USERS_PAGE_LIMIT } from './messages'
import {
  dialogUser,
  initialUsersState,
  pageCount,
  pageSelection,
  usersReducer,
  type UsersAction,
  type UsersState,
} from './users-state'

function run(...actions: UsersAction[]): UsersState {
  return actions.reduce(usersReducer, initialUsersState)
}

const asha = { id: 1, email: 'asha@example.com', fullname: 'Asha Rao' } as AdminUser

describe("the admin's user list state", () => {
  it('starts on page 1 of all users, nothing selected, no dialog', () => {
    expect(initialUsersState.filters).toEqual({ role: '', active: '', search: '', page: 1, limit: USERS_PAGE_LIMIT })
    expect(initialUsersState).toMatchObject({ searchText: '', bulkAction: 'activate', bulkError: null })
    expect(initialUsersState.selected.size).toBe(0)
    expect(initialUsersState.confirmingBulk).toBe(false)
    expect(initialUsersState.dialog).toBeNull()
  })

  describe('filters and pages', () => {
    it('a role or status filter goes back to page 1 and drops the selection', () => {
      const state = run(
        { type: 'filtersChanged', filters: { page: 3 } },
        { type: 'selected', id: 5, on: true },
        { type: 'filtersChanged', filters: { role: 'tutor' } },
      )
      expect(state.filters).toMatchObject({ role: 'tutor', page: 1 })
      expect(state.selected.size).toBe(0)
      expect(run({ type: 'filtersChanged', filters: { active: 'false' } }).filters.active).toBe('false')
    })

    it('Next and Previous move one page and drop the selection; the other filters stay', () => {
      const state = run(
        { type: 'filtersChanged', filters: { role: 'parent' } },
        { type: 'filtersChanged', filters: { page: 2 } },
        { type: 'selected', id: 5, on: true },
        { type: 'filtersChanged', filters: { page: 3 } },
      )
      expect(state.filters).toMatchObject({ role: 'parent', page: 3 })
      expect(state.selected.size).toBe(0)
      expect(usersReducer(state, { type: 'filtersChanged', filters: { page: 2 } }).filters.page).toBe(2)
    })

    it('typing in the search box filters nothing until it is submitted, which goes back to page 1', () => {
      const typed = run({ type: 'filtersChanged', filters: { page: 2 } }, { type: 'searchTyped', text: 'asha' })
      expect(typed.searchText).toBe('asha')
      expect(typed.filters).toMatchObject({ search: '', page: 2 })
      expect(usersReducer(typed, { type: 'searchSubmitted' }).filters).toMatchObject({ search: 'asha', page: 1 })
    })

    it('the page count is at least 1 and rounds up', () => {
      expect(pageCount(0, 20)).toBe(1)
      expect(pageCount(20, 20)).toBe(1)
      expect(pageCount(21, 20)).toBe(2)
    })
  })

  describe('selection and bulk actions', () => {
    const rows = [{ id: 1 }, { id: 2 }]

    it('rows are selected and unselected one by one; the header checkbox follows', () => {
      const one = run({ type: 'selected', id: 1, on: true })
      expect([...one.selected]).toEqual([1])
      expect(pageSelection(rows, one.selected)).toBe('indeterminate')
      const both = usersReducer(one, { type: 'selected', id: 2, on: true })
      expect(pageSelection(rows, both.selected)).toBe(true)
      const none = usersReducer(usersReducer(both, { type: 'selected', id: 1, on: false }), {
        type: 'selected',
        id: 2,
        on: false,
      })
      expect(pageSelection(rows, none.selected)).toBe(false)
      expect(pageSelection([], none.selected)).toBe(false)
    })

    it('the header checkbox selects the whole page or nothing', () => {
      const all = run({ type: 'pageSelected', ids: [1, 2], on: true })
      expect([...all.selected]).toEqual([1, 2])
      expect(usersReducer(all, { type: 'pageSelected', ids: [1, 2], on: false }).selected.size).toBe(0)
    })

    it('applying with nothing selected says to select users; selecting clears that', () => {
      const refused = run({ type: 'bulkRequested' })
      expect(refused.bulkError).toBe(ADMIN_MESSAGES.selectUsers)
      expect(refused.confirmingBulk).toBe(false)
      expect(usersReducer(refused, { type: 'selected', id: 1, on: true }).bulkError).toBeNull()
      expect(usersReducer(refused, { type: 'pageSelected', ids: [1], on: true }).bulkError).toBeNull()
    })

    it('applying to a selection asks to confirm the chosen action; success clears the selection', () => {
      const asking = run(
        { type: 'selected', id: 1, on: true },
        { type: 'bulkActionChosen', action: 'delete' },
        { type: 'bulkRequested' },
      )
      expect(asking).toMatchObject({ bulkAction: 'delete', confirmingBulk: true, bulkError: null })
      const done = usersReducer(asking, { type: 'bulkDone' })
      expect(done.confirmingBulk).toBe(false)
      expect(done.selected.size).toBe(0)
    })

    it('cancelling or a refused bulk action closes the confirmation and keeps the selection', () => {
      const closed = run({ type: 'selected', id: 1, on: true }, { type: 'bulkRequested' }, { type: 'bulkClosed' })
      expect(closed.confirmingBulk).toBe(false)
      expect([...closed.selected]).toEqual([1])
    })
  })

  describe('dialogs', () => {
    it('one dialog at a time, for its user; closing clears it', () => {
      const editing = run({ type: 'dialogOpened', dialog: { kind: 'edit', user: asha } })
      expect(dialogUser(editing, 'edit')).toBe(asha)
      expect(dialogUser(editing, 'delete')).toBeNull()
      const deleting = usersReducer(editing, { type: 'dialogOpened', dialog: { kind: 'delete', user: asha } })
      expect(dialogUser(deleting, 'delete')).toBe(asha)
      expect(dialogUser(deleting, 'edit')).toBeNull()
      expect(usersReducer(deleting, { type: 'dialogClosed' }).dialog).toBeNull()
    })

    it('Add user and Reset password open their dialogs', () => {
      expect(run({ type: 'dialogOpened', dialog: { kind: 'add' } }).dialog).toEqual({ kind: 'add' })
      const resetting = run({ type: 'dialogOpened', dialog: { kind: 'resetPassword', user: asha } })
      expect(dialogUser(resetting, 'resetPassword')).toBe(asha)
    })
  })
})
