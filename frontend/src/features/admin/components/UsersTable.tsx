import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react'
import type { Role } from '@/api/types'
import { asRole } from '@/api/types'
import { useTranslation } from '@/lib/i18n'
import type { AdminUser } from '../api/users'
import { pageSelection, type UserDialog } from '../lib/users-state'
import { RowCheckbox, ScrollTable, Toggle } from './ui'
import { useWideScreen } from '@/lib/use-wide-screen'

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

function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation()
  return (
    <Badge colorPalette={role === 'admin' ? 'purple' : role === 'tutor' ? 'blue' : 'gray'}>
      {t(roleLabelKey(asRole(role)))}
    </Badge>
  )
}

/**
 * One page of users: a checkbox per row for the bulk actions, the active switch and each user's actions.
 * A table from the md breakpoint (name and e-mail wrap, the actions wrap, so it fits 1280 px beside the
 * menu); below it, a card per user with the same controls. Only one of the two is rendered, so each
 * control exists once (a hidden copy would still be found by its name).
 */
export function UsersTable(props: UsersTableProps) {
  const asTable = useWideScreen()
  return asTable ? <UsersGrid {...props} /> : <UserCards {...props} />
}

function UsersGrid({ rows, selected, onSelect, onSelectPage, onSetActive, onOpen }: UsersTableProps) {
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
            <Table.Cell data-wrap fontWeight="medium" maxW="40" overflowWrap="anywhere">
              {u.fullname}
            </Table.Cell>
            <Table.Cell data-wrap maxW="56" overflowWrap="anywhere">
              {u.email}
            </Table.Cell>
            <Table.Cell>{u.phone || '-'}</Table.Cell>
            <Table.Cell>
              <RoleBadge role={u.role} />
            </Table.Cell>
            <Table.Cell>
              <Toggle
                label={t('admin:users.activeLabel', { email: u.email })}
                checked={u.active}
                onChange={(on) => onSetActive(u, on)}
              />
            </Table.Cell>
            <Table.Cell data-wrap minW="40">
              <UserActions user={u} onOpen={onOpen} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  )
}

function UserCards({ rows, selected, onSelect, onSelectPage, onSetActive, onOpen }: UsersTableProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="3">
      <HStack gap="2">
        <RowCheckbox
          label={t('admin:users.selectPage')}
          checked={pageSelection(rows, selected)}
          onChange={onSelectPage}
        />
        <Text fontSize="sm" aria-hidden>
          {t('admin:users.selectPage')}
        </Text>
      </HStack>
      <Stack as="ul" gap="3" m="0" p="0" listStyleType="none" aria-label={t('admin:users.caption')}>
        {rows.map((u) => (
          <Box as="li" key={u.id} borderWidth="1px" borderColor="border" borderRadius="md" p="3">
            <Stack gap="2">
              <HStack gap="2" align="flex-start">
                <RowCheckbox
                  label={t('admin:users.select', { email: u.email })}
                  checked={selected.has(u.id)}
                  onChange={(on) => onSelect(u.id, on)}
                />
                <Text fontWeight="medium" overflowWrap="anywhere" flex="1">
                  {u.fullname}
                </Text>
                <RoleBadge role={u.role} />
              </HStack>
              <Text fontSize="sm" overflowWrap="anywhere">
                {u.email}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('admin:users.phone')}: {u.phone || '-'}
              </Text>
              <HStack gap="2">
                <Text fontSize="sm" aria-hidden>
                  {t('admin:users.active')}
                </Text>
                <Toggle
                  label={t('admin:users.activeLabel', { email: u.email })}
                  checked={u.active}
                  onChange={(on) => onSetActive(u, on)}
                />
              </HStack>
              <UserActions user={u} onOpen={onOpen} />
            </Stack>
          </Box>
        ))}
      </Stack>
    </Stack>
  )
}

function UserActions({ user, onOpen }: { user: AdminUser; onOpen: (dialog: UserDialog) => void }) {
  const { t } = useTranslation()
  return (
    <HStack gap="1" wrap="wrap">
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
