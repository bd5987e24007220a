import { Badge, Button, HStack, Table } from '@chakra-ui/react'
import { asRole, roleLabel } from '@/api/types'
import type { AdminUser } from '../api/users'
import { pageSelection, type UserDialog } from '../lib/users-state'
import { RowCheckbox, ScrollTable, Toggle } from './ui'

interface UsersTableProps {
  rows: AdminUser[]
  selected: ReadonlySet<number>
  onSelect: (id: number, on: boolean) => void
  onSelectPage: (on: boolean) => void
  onSetActive: (user: AdminUser, active: boolean) => void
  onOpen: (dialog: UserDialog) => void
}

/** One page of users: a checkbox per row for the bulk actions, the active switch and each user's actions. */
export function UsersTable({ rows, selected, onSelect, onSelectPage, onSetActive, onOpen }: UsersTableProps) {
  return (
    <ScrollTable caption="Users">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader w="8">
            <RowCheckbox
              label="Select all users on this page"
              checked={pageSelection(rows, selected)}
              onChange={onSelectPage}
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
                onChange={(on) => onSelect(u.id, on)}
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
              <Toggle label={`Active: ${u.email}`} checked={u.active} onChange={(on) => onSetActive(u, on)} />
            </Table.Cell>
            <Table.Cell>
              <UserActions user={u} onOpen={onOpen} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  )
}

function UserActions({ user, onOpen }: { user: AdminUser; onOpen: (dialog: UserDialog) => void }) {
  return (
    <HStack gap="1">
      <Button
        size="xs"
        variant="outline"
        onClick={() => onOpen({ kind: 'edit', user })}
        aria-label={`Edit ${user.email}`}
      >
        Edit
      </Button>
      <Button
        size="xs"
        variant="outline"
        onClick={() => onOpen({ kind: 'resetPassword', user })}
        aria-label={`Reset password of ${user.email}`}
      >
        Reset password
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        onClick={() => onOpen({ kind: 'delete', user })}
        aria-label={`Delete ${user.email}`}
      >
        Delete
      </Button>
    </HStack>
  )
}
