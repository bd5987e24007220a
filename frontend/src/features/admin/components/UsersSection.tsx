import { Badge, Box, Button, Flex, Grid, HStack, Input, Table, Text } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/client'
import { asRole, roleLabel } from '@/api/types'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { notifyError, notifySuccess } from '@/lib/toaster'
import {
  useBulkUsers,
  useDeleteUser,
  useSetUserStatus,
  useUsers,
  type AdminUser,
  type BulkAction,
  type UserFilters,
} from '../api/users'
import { ADMIN_MESSAGES, USERS_PAGE_LIMIT } from '../lib/messages'
import { AddUserDialog, EditUserDialog, ResetPasswordDialog } from './UserDialogs'
import { QueryState, RowCheckbox, ScrollTable, Section, Select, Toggle } from './ui'

const BULK_LABELS: Record<BulkAction, string> = { activate: 'Activate', deactivate: 'Deactivate', delete: 'Delete' }

export function UsersSection() {
  const [filters, setFilters] = useState<UserFilters>({
    role: '',
    active: '',
    search: '',
    page: 1,
    limit: USERS_PAGE_LIMIT,
  })
  const [searchText, setSearchText] = useState('')
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [bulkAction, setBulkAction] = useState<BulkAction>('activate')
  const [bulkError, setBulkError] = useState<string | null>(null)
  const [confirmBulk, setConfirmBulk] = useState(false)
  const [deleting, setDeleting] = useState<AdminUser | null>(null)
  const [editing, setEditing] = useState<AdminUser | null>(null)
  const [resetting, setResetting] = useState<AdminUser | null>(null)
  const [adding, setAdding] = useState(false)

  const users = useUsers(filters)
  const status = useSetUserStatus()
  const remove = useDeleteUser()
  const bulk = useBulkUsers()

  const rows = users.data?.users ?? []
  const total = users.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / filters.limit))

  const changeFilters = (next: Partial<UserFilters>) => {
    setFilters((prev) => ({ ...prev, ...next, page: next.page ?? 1 }))
    setSelected(new Set())
  }
  const onSearch = (event: FormEvent) => {
    event.preventDefault()
    changeFilters({ search: searchText })
  }
  const toggleOne = (id: number, on: boolean) => {
    setBulkError(null)
    setSelected((prev) => {
      const next = new Set(prev)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }
  const allChecked = rows.length > 0 && rows.every((u) => selected.has(u.id))
  const someChecked = rows.some((u) => selected.has(u.id))

  const onApplyBulk = () => {
    if (selected.size === 0) {
      setBulkError(ADMIN_MESSAGES.selectUsers)
      return
    }
    setBulkError(null)
    setConfirmBulk(true)
  }
  const runBulk = () =>
    bulk.mutate(
      { userIds: [...selected], action: bulkAction },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || `${result.affected} user(s) updated`)
          setSelected(new Set())
          setConfirmBulk(false)
        },
        onError: (e) => {
          notifyError(errorMessage(e, ADMIN_MESSAGES.bulk))
          setConfirmBulk(false)
        },
      },
    )
  const runDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess('User deleted')
        setDeleting(null)
      },
      onError: (e) => {
        notifyError(errorMessage(e, ADMIN_MESSAGES.deleteUser))
        setDeleting(null)
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

  return (
    <Section
      title="User Management"
      actions={
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden /> Add user
        </Button>
      }
    >
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', md: '12rem 12rem minmax(0, 1fr)' }}
        gap="3"
        alignItems="end"
        role="search"
        aria-label="Filter users"
      >
        <FormField label="Role">
          <Select value={filters.role ?? ''} onChange={(role) => changeFilters({ role })} name="role">
            <option value="">All roles</option>
            <option value="parent">Parent/Student</option>
            <option value="tutor">Tutor</option>
            <option value="admin">Admin</option>
          </Select>
        </FormField>
        <FormField label="Status">
          <Select value={filters.active ?? ''} onChange={(active) => changeFilters({ active })} name="active">
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
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
              />
            </FormField>
            <Button type="submit" variant="outline">
              Search
            </Button>
          </HStack>
        </form>
      </Grid>

      <Flex gap="2" wrap="wrap" align="center">
        <Text fontSize="sm" color="fg.muted">
          {selected.size} selected
        </Text>
        <Box w="44">
          <Select ariaLabel="Bulk action" value={bulkAction} onChange={(action) => setBulkAction(action as BulkAction)}>
            <option value="activate">Activate</option>
            <option value="deactivate">Deactivate</option>
            <option value="delete">Delete</option>
          </Select>
        </Box>
        <Button size="sm" variant="outline" onClick={onApplyBulk} flexShrink={0}>
          Apply to selected
        </Button>
      </Flex>
      <FormAlert status="error" message={bulkError} />

      <QueryState isPending={users.isPending} error={users.error} fallback={ADMIN_MESSAGES.loadUsers}>
        {rows.length === 0 ? (
          <Text color="fg.muted">No users match these filters.</Text>
        ) : (
          <ScrollTable caption="Users">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="8">
                  <RowCheckbox
                    label="Select all users on this page"
                    checked={allChecked ? true : someChecked ? 'indeterminate' : false}
                    onChange={(on) => {
                      setBulkError(null)
                      setSelected(on ? new Set(rows.map((u) => u.id)) : new Set())
                    }}
                  />
                </Table.ColumnHeader>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                <Table.ColumnHeader>Phone</Table.ColumnHeader>
                <Table.ColumnHeader>Role</Table.ColumnHeader>
                <Table.ColumnHeader>Active</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((u) => (
                <Table.Row key={u.id}>
                  <Table.Cell>
                    <RowCheckbox
                      label={`Select ${u.email}`}
                      checked={selected.has(u.id)}
                      onChange={(on) => toggleOne(u.id, on)}
                    />
                  </Table.Cell>
                  <Table.Cell fontWeight="medium">{u.fullname}</Table.Cell>
                  <Table.Cell>{u.email}</Table.Cell>
                  <Table.Cell>{u.phone || '-'}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={u.role === 'admin' ? 'purple' : u.role === 'tutor' ? 'blue' : 'gray'}>
                      {roleLabel(asRole(u.role))}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Toggle label={`Active: ${u.email}`} checked={u.active} onChange={(on) => setActive(u, on)} />
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <Button size="xs" variant="outline" onClick={() => setEditing(u)} aria-label={`Edit ${u.email}`}>
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setResetting(u)}
                        aria-label={`Reset password of ${u.email}`}
                      >
                        Reset password
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setDeleting(u)}
                        aria-label={`Delete ${u.email}`}
                      >
                        Delete
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
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
              onClick={() => changeFilters({ page: filters.page - 1 })}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={filters.page >= pages}
              onClick={() => changeFilters({ page: filters.page + 1 })}
            >
              Next
            </Button>
          </HStack>
        </Flex>
      </QueryState>

      <ConfirmDialog
        open={confirmBulk}
        title={`${BULK_LABELS[bulkAction]} ${selected.size} user(s)?`}
        text={
          bulkAction === 'delete'
            ? `The ${selected.size} selected user(s) and their data will be deleted (payment records are kept). This cannot be undone.`
            : `${BULK_LABELS[bulkAction]} the ${selected.size} selected user(s)?`
        }
        confirmLabel={BULK_LABELS[bulkAction]}
        busy={bulk.isPending}
        onConfirm={runBulk}
        onClose={() => setConfirmBulk(false)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user?"
        text={`${deleting?.fullname} (${deleting?.email}) and their data will be deleted (payment records are kept). This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={runDelete}
        onClose={() => setDeleting(null)}
      />
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Section>
  )
}
