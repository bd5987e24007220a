import { Box, Button, Flex, Grid, HStack, Input, Text } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import type { Dispatch, FormEvent } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import type { BulkAction } from '../api/users'
import { useUsersAdmin } from '../hooks/use-users-admin'
import { ADMIN_MESSAGES } from '../lib/messages'
import { dialogUser, type UsersAction, type UsersState } from '../lib/users-state'
import { AddUserDialog, EditUserDialog, ResetPasswordDialog } from './UserDialogs'
import { QueryState, Section, Select } from './ui'
import { UsersTable } from './UsersTable'

const BULK_LABELS: Record<BulkAction, string> = { activate: 'Activate', deactivate: 'Deactivate', delete: 'Delete' }

interface StateProps {
  state: UsersState
  dispatch: Dispatch<UsersAction>
}

export function UsersSection() {
  const admin = useUsersAdmin()
  const { state, dispatch, rows, total, pages } = admin
  const { filters, selected, bulkAction } = state
  const deleting = dialogUser(state, 'delete')

  return (
    <Section
      title="User Management"
      actions={
        <Button size="sm" onClick={() => dispatch({ type: 'dialogOpened', dialog: { kind: 'add' } })}>
          <Plus aria-hidden /> Add user
        </Button>
      }
    >
      <UserFilterBar state={state} dispatch={dispatch} />
      <BulkBar state={state} dispatch={dispatch} />

      <QueryState isPending={admin.users.isPending} error={admin.users.error} fallback={ADMIN_MESSAGES.loadUsers}>
        {rows.length === 0 ? (
          <Text color="fg.muted">No users match these filters.</Text>
        ) : (
          <UsersTable
            rows={rows}
            selected={selected}
            onSelect={(id, on) => dispatch({ type: 'selected', id, on })}
            onSelectPage={(on) => dispatch({ type: 'pageSelected', ids: rows.map((u) => u.id), on })}
            onSetActive={admin.setActive}
            onOpen={(dialog) => dispatch({ type: 'dialogOpened', dialog })}
          />
        )}
        <Flex as="nav" aria-label="Users pages" justify="space-between" align="center" gap="2" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            Page {filters.page} of {pages} · {total} user{total === 1 ? '' : 's'}
          </Text>
          <HStack>
            <Button
              size="sm"
              variant="outline"
              disabled={filters.page <= 1}
              onClick={() => dispatch({ type: 'filtersChanged', filters: { page: filters.page - 1 } })}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={filters.page >= pages}
              onClick={() => dispatch({ type: 'filtersChanged', filters: { page: filters.page + 1 } })}
            >
              Next
            </Button>
          </HStack>
        </Flex>
      </QueryState>

      <ConfirmDialog
        open={state.confirmingBulk}
        title={`${BULK_LABELS[bulkAction]} ${selected.size} user(s)?`}
        text={
          bulkAction === 'delete'
            ? `The ${selected.size} selected user(s) and their data will be deleted (payment records are kept). This cannot be undone.`
            : `${BULK_LABELS[bulkAction]} the ${selected.size} selected user(s)?`
        }
        confirmLabel={BULK_LABELS[bulkAction]}
        busy={admin.bulkPending}
        onConfirm={admin.runBulk}
        onClose={() => dispatch({ type: 'bulkClosed' })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user?"
        text={`${deleting?.fullname} (${deleting?.email}) and their data will be deleted (payment records are kept). This cannot be undone.`}
        confirmLabel="Delete"
        busy={admin.deletePending}
        onConfirm={admin.runDelete}
        onClose={() => dispatch({ type: 'dialogClosed' })}
      />
      <AddUserDialog open={state.dialog?.kind === 'add'} onClose={() => dispatch({ type: 'dialogClosed' })} />
      <EditUserDialog user={dialogUser(state, 'edit')} onClose={() => dispatch({ type: 'dialogClosed' })} />
      <ResetPasswordDialog
        user={dialogUser(state, 'resetPassword')}
        onClose={() => dispatch({ type: 'dialogClosed' })}
      />
    </Section>
  )
}

function UserFilterBar({ state, dispatch }: StateProps) {
  const { filters } = state
  const onSearch = (event: FormEvent) => {
    event.preventDefault()
    dispatch({ type: 'searchSubmitted' })
  }
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', md: '12rem 12rem minmax(0, 1fr)' }}
      gap="3"
      alignItems="end"
      role="search"
      aria-label="Filter users"
    >
      <FormField label="Role">
        <Select
          value={filters.role ?? ''}
          onChange={(role) => dispatch({ type: 'filtersChanged', filters: { role } })}
          name="role"
        >
          <option value="">All roles</option>
          <option value="parent">Parent/Student</option>
          <option value="tutor">Tutor</option>
          <option value="admin">Admin</option>
        </Select>
      </FormField>
      <FormField label="Status">
        <Select
          value={filters.active ?? ''}
          onChange={(active) => dispatch({ type: 'filtersChanged', filters: { active } })}
          name="active"
        >
          <option value="">Active and inactive</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </Select>
      </FormField>
      <form onSubmit={onSearch}>
        <HStack align="flex-end">
          <FormField label="Search">
            <Input
              type="search"
              placeholder="Name, e-mail or phone"
              value={state.searchText}
              onChange={(e) => dispatch({ type: 'searchTyped', text: e.target.value })}
            />
          </FormField>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </HStack>
      </form>
    </Grid>
  )
}

function BulkBar({ state, dispatch }: StateProps) {
  return (
    <>
      <Flex gap="2" wrap="wrap" align="center">
        <Text fontSize="sm" color="fg.muted">
          {state.selected.size} selected
        </Text>
        <Box w="44">
          <Select
            ariaLabel="Bulk action"
            value={state.bulkAction}
            onChange={(action) => dispatch({ type: 'bulkActionChosen', action: action as BulkAction })}
          >
            <option value="activate">Activate</option>
            <option value="deactivate">Deactivate</option>
            <option value="delete">Delete</option>
          </Select>
        </Box>
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'bulkRequested' })} flexShrink={0}>
          Apply to selected
        </Button>
      </Flex>
      <FormAlert status="error" message={state.bulkError} />
    </>
  )
}
