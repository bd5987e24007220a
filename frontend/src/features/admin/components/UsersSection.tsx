import { Box, Button, Flex, Grid, HStack, Input, Text } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import type { Dispatch, FormEvent } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { formatNumber } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import type { BulkAction } from '../api/users'
import { useUsersAdmin } from '../hooks/use-users-admin'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { dialogUser, type UsersAction, type UsersState } from '../lib/users-state'
import { AddUserDialog, EditUserDialog, ResetPasswordDialog } from './UserDialogs'
import { QueryState, Section, Select } from './ui'
import { UsersTable } from './UsersTable'

/** Each bulk action's name, the confirmation's title and its text. */
const BULK_TEXTS: Record<BulkAction, { label: string; title: string; text: string }> = {
  activate: {
    label: 'admin:users.activate',
    title: 'admin:users.confirmActivate',
    text: 'admin:users.confirmActivateText',
  },
  deactivate: {
    label: 'admin:users.deactivate',
    title: 'admin:users.confirmDeactivate',
    text: 'admin:users.confirmDeactivateText',
  },
  delete: { label: 'admin:users.delete', title: 'admin:users.confirmDelete', text: 'admin:users.confirmDeleteText' },
}

interface StateProps {
  state: UsersState
  dispatch: Dispatch<UsersAction>
}

export function UsersSection() {
  const { t } = useTranslation()
  const admin = useUsersAdmin()
  const { state, dispatch, rows, total, pages } = admin
  const { filters, selected, bulkAction } = state
  const deleting = dialogUser(state, 'delete')

  return (
    <Section
      title={t('admin:sections.users')}
      actions={
        <Button size="sm" onClick={() => dispatch({ type: 'dialogOpened', dialog: { kind: 'add' } })}>
          <Plus aria-hidden /> {t('admin:users.add')}
        </Button>
      }
    >
      <UserFilterBar state={state} dispatch={dispatch} />
      <BulkBar state={state} dispatch={dispatch} />

      <QueryState isPending={admin.users.isPending} error={admin.users.error} fallback={ADMIN_MESSAGES.loadUsers}>
        {rows.length === 0 ? (
          <Text color="fg.muted">{t('admin:users.empty')}</Text>
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
        <Flex as="nav" aria-label={t('admin:users.pages')} justify="space-between" align="center" gap="2" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {t('admin:users.pageOf', { page: filters.page, pages, total })}
          </Text>
          <HStack>
            <Button
              size="sm"
              variant="outline"
              disabled={filters.page <= 1}
              onClick={() => dispatch({ type: 'filtersChanged', filters: { page: filters.page - 1 } })}
            >
              {t('admin:users.previous')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={filters.page >= pages}
              onClick={() => dispatch({ type: 'filtersChanged', filters: { page: filters.page + 1 } })}
            >
              {t('admin:users.next')}
            </Button>
          </HStack>
        </Flex>
      </QueryState>

      <ConfirmDialog
        open={state.confirmingBulk}
        title={t(BULK_TEXTS[bulkAction].title, { count: formatNumber(selected.size) })}
        text={t(BULK_TEXTS[bulkAction].text, { count: formatNumber(selected.size) })}
        confirmLabel={t(BULK_TEXTS[bulkAction].label)}
        busy={admin.bulkPending}
        onConfirm={admin.runBulk}
        onClose={() => dispatch({ type: 'bulkClosed' })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin:users.deleteTitle')}
        text={t('admin:users.deleteText', { name: deleting?.fullname, email: deleting?.email })}
        confirmLabel={t('admin:users.delete')}
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
  const { t } = useTranslation()
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
      aria-label={t('admin:users.filter')}
    >
      <FormField label={t('admin:users.role')}>
        <Select
          value={filters.role ?? ''}
          onChange={(role) => dispatch({ type: 'filtersChanged', filters: { role } })}
          name="role"
        >
          <option value="">{t('admin:users.allRoles')}</option>
          <option value="parent">{t('common:roles.parent')}</option>
          <option value="tutor">{t('common:roles.tutor')}</option>
          <option value="admin">{t('common:roles.admin')}</option>
        </Select>
      </FormField>
      <FormField label={t('admin:users.status')}>
        <Select
          value={filters.active ?? ''}
          onChange={(active) => dispatch({ type: 'filtersChanged', filters: { active } })}
          name="active"
        >
          <option value="">{t('admin:users.allStatuses')}</option>
          <option value="true">{t('admin:common.active')}</option>
          <option value="false">{t('admin:common.inactive')}</option>
        </Select>
      </FormField>
      <form onSubmit={onSearch}>
        <HStack align="flex-end">
          <FormField label={t('admin:users.search')}>
            <Input
              type="search"
              placeholder={t('admin:users.searchPlaceholder')}
              value={state.searchText}
              onChange={(e) => dispatch({ type: 'searchTyped', text: e.target.value })}
            />
          </FormField>
          <Button type="submit" variant="outline">
            {t('admin:users.search')}
          </Button>
        </HStack>
      </form>
    </Grid>
  )
}

function BulkBar({ state, dispatch }: StateProps) {
  const { t } = useTranslation()
  const say = useAdminText()
  return (
    <>
      <Flex gap="2" wrap="wrap" align="center">
        <Text fontSize="sm" color="fg.muted">
          {t('admin:users.selected', { count: formatNumber(state.selected.size) })}
        </Text>
        <Box w="44">
          <Select
            ariaLabel={t('admin:users.bulkAction')}
            value={state.bulkAction}
            onChange={(action) => dispatch({ type: 'bulkActionChosen', action: action as BulkAction })}
          >
            <option value="activate">{t('admin:users.activate')}</option>
            <option value="deactivate">{t('admin:users.deactivate')}</option>
            <option value="delete">{t('admin:users.delete')}</option>
          </Select>
        </Box>
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'bulkRequested' })} flexShrink={0}>
          {t('admin:users.applyToSelected')}
        </Button>
      </Flex>
      <FormAlert status="error" message={say(state.bulkError)} />
    </>
  )
}
