import { Badge, Text } from '@chakra-ui/react'
import { errorMessage } from '@/api/client'
import { formatNumber } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useFeatureTutor } from '../api/tutors'
import { useSetUserStatus, useUsers, type AdminUser } from '../api/users'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { DataTable, type Column } from './DataTable'
import { QueryState, Section, Toggle } from './ui'

function NameAndEmail({ user }: { user: AdminUser }) {
  return (
    <>
      <Text fontWeight="medium">{user.fullname}</Text>
      <Text fontSize="xs" color="fg.muted" fontWeight="normal">
        {user.email}
      </Text>
    </>
  )
}

export function TutorsSection() {
  const { t } = useTranslation('verification')
  const say = useAdminText()
  const tutors = useUsers({ role: 'tutor', page: 1, limit: 100 })
  const feature = useFeatureTutor()
  const setFeatured = (tutor: AdminUser, featured: boolean) =>
    feature.mutate(
      { id: tutor.id, featured },
      {
        onSuccess: () => notifySuccess(featured ? t('admin:tutors.featuredToast') : t('admin:tutors.unfeaturedToast')),
        onError: (e) => notifyError(say(errorMessage(e, ADMIN_MESSAGES.featured))),
      },
    )
  const columns: Column<AdminUser>[] = [
    { key: 'tutor', header: t('admin:tutors.tutor'), cell: (u) => <NameAndEmail user={u} />, wrap: '48' },
    {
      key: 'subscription',
      header: t('admin:tutors.subscription'),
      cell: (u) => (
        <Badge colorPalette={u.subscriptionActive ? 'green' : 'gray'}>
          {u.subscriptionActive ? t('admin:common.active') : t('admin:common.inactive')}
        </Badge>
      ),
    },
    {
      key: 'approved',
      header: t('admin:tutors.approved'),
      // Decided on documents in the Verification section; never switched on here.
      cell: (u) => (
        <Badge colorPalette={u.approved ? 'green' : 'gray'}>
          {u.approved ? t('verification:badge.verified') : t('admin:students.no')}
        </Badge>
      ),
    },
    {
      key: 'featured',
      header: t('admin:tutors.featured'),
      cell: (u) => (
        <Toggle
          label={t('admin:tutors.featuredLabel', { email: u.email })}
          checked={u.featured}
          onChange={(on) => setFeatured(u, on)}
        />
      ),
    },
  ]
  return (
    <Section title={t('admin:sections.tutors')}>
      <QueryState isPending={tutors.isPending} error={tutors.error} fallback={ADMIN_MESSAGES.loadUsers}>
        {tutors.data?.users.length === 0 ? (
          <Text color="fg.muted">{t('admin:tutors.empty')}</Text>
        ) : (
          <DataTable
            caption={t('admin:tutors.caption')}
            rows={tutors.data?.users ?? []}
            rowKey={(u) => u.id}
            columns={columns}
          />
        )}
      </QueryState>
    </Section>
  )
}

export function StudentsSection() {
  const { t } = useTranslation()
  const say = useAdminText()
  const parents = useUsers({ role: 'parent', page: 1, limit: 100 })
  const status = useSetUserStatus()
  const setActive = (p: AdminUser, active: boolean) =>
    status.mutate(
      { id: p.id, active },
      {
        onSuccess: () =>
          notifySuccess(
            active ? t('admin:users.activated', { email: p.email }) : t('admin:users.deactivated', { email: p.email }),
          ),
        onError: (e) => notifyError(say(errorMessage(e, ADMIN_MESSAGES.updateStatus))),
      },
    )
  const columns: Column<AdminUser>[] = [
    { key: 'name', header: t('admin:users.name'), cell: (p) => p.fullname, wrap: '32', card: 'title' },
    { key: 'email', header: t('admin:users.email'), cell: (p) => p.email, wrap: '48' },
    { key: 'phone', header: t('admin:users.phone'), cell: (p) => p.phone || '-' },
    {
      key: 'verified',
      header: t('admin:students.verified'),
      cell: (p) => (p.emailVerified ? t('admin:students.yes') : t('admin:students.no')),
    },
    {
      key: 'active',
      header: t('admin:users.active'),
      cell: (p) => (
        <Toggle
          label={t('admin:users.activeLabel', { email: p.email })}
          checked={p.active}
          onChange={(on) => setActive(p, on)}
        />
      ),
    },
  ]
  return (
    <Section title={t('admin:sections.students')}>
      <QueryState isPending={parents.isPending} error={parents.error} fallback={ADMIN_MESSAGES.loadUsers}>
        {parents.data?.users.length === 0 ? (
          <Text color="fg.muted">{t('admin:students.empty')}</Text>
        ) : (
          <DataTable
            caption={t('admin:students.caption')}
            rows={parents.data?.users ?? []}
            rowKey={(p) => p.id}
            columns={columns}
          />
        )}
      </QueryState>
      {parents.data && parents.data.total > parents.data.users.length && (
        <Text fontSize="sm" color="fg.muted">
          {t('admin:students.showing', {
            shown: formatNumber(parents.data.users.length),
            total: formatNumber(parents.data.total),
          })}
        </Text>
      )}
    </Section>
  )
}
