import { Badge, Button, HStack, Table } from '@chakra-ui/react'
import type { Role } from '@/api/types'
import { asRole } from '@/api/types'
import { useTranslation } from '@/lib/i18n'
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

const ROLE_LABELS: Record<Role, string> = {
  parent: 'common:roles.parent',
  tutor: 'common:roles.tutor',
  admin: 'common:roles.admin',
}

function roleLabelKey(role: Role | null): string {
  return role ? ROLE_LABELS[role] : 'common:roles.guest'
}

/** One page of users: a checkbox per row for the bulk actions, the active switch and each user's actions. */
export function UsersTable({ rows, selected, onSelect, onSelectPage, onSetActive, onOpen }: UsersTableProps) {
  const { t } = useTranslation()
  return (
    <ScrollTable caption={t('admin:users.caption')}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader w="8">
            <RowCheckbox
              label={t('admin:users.selectPage')}
              checked={pageSelection(rows, selected)}
              onChange={onSelectPage}
            />
          </Table.ColumnHeader>
          <Table.ColumnHeader>{t('admin:users.name')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('admin:users.email')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('admin:users.phone')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('admin:users.role')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('admin:users.active')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('admin:users.actions')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((u) => (
          <Table.Row key={u.id}>
            <Table.Cell>
              <RowCheckbox
                label={t('admin:users.select', { email: u.email })}
                checked={selected.has(u.id)}
                onChange={(on) => onSelect(u.id, on)}
              />
            </Table.Cell>
            <Table.Cell fontWeight="medium">{u.fullname}</Table.Cell>
            <Table.Cell>{u.email}</Table.Cell>
            <Table.Cell>{u.phone || '-'}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={u.role === 'admin' ? 'purple' : u.role === 'tutor' ? 'blue' : 'gray'}>
                {t(roleLabelKey(asRole(u.role)))}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              <Toggle
                label={t('admin:users.activeLabel', { email: u.email })}
                checked={u.active}
                onChange={(on) => onSetActive(u, on)}
              />
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
  const { t } = useTranslation()
  return (
    <HStack gap="1">
      <Button
        size="xs"
        variant="outline"
        onClick={() => onOpen({ kind: 'edit', user })}
        aria-label={t('admin:users.editLabel', { email: user.email })}
      >
        {t('admin:users.edit')}
      </Button>
      <Button
        size="xs"
        variant="outline"
        onClick={() => onOpen({ kind: 'resetPassword', user })}
        aria-label={t('admin:users.resetPasswordLabel', { email: user.email })}
      >
        {t('admin:users.resetPassword')}
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        onClick={() => onOpen({ kind: 'delete', user })}
        aria-label={t('admin:users.deleteLabel', { email: user.email })}
      >
        {t('admin:users.delete')}
      </Button>
    </HStack>
  )
}
