import { Badge, Table, Text } from '@chakra-ui/react'
import { errorMessage } from '@/api/client'
import { formatNumber } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useFeatureTutor } from '../api/tutors'
import { useSetUserStatus, useUsers } from '../api/users'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { QueryState, ScrollTable, Section, Toggle } from './ui'

export function TutorsSection() {
  const { t } = useTranslation('verification')
  const say = useAdminText()
  const tutors = useUsers({ role: 'tutor', page: 1, limit: 100 })
  const feature = useFeatureTutor()
  return (
    <Section title={t('admin:sections.tutors')}>
      <QueryState isPending={tutors.isPending} error={tutors.error} fallback={ADMIN_MESSAGES.loadUsers}>
        {tutors.data?.users.length === 0 ? (
          <Text color="fg.muted">{t('admin:tutors.empty')}</Text>
        ) : (
          <ScrollTable caption={t('admin:tutors.caption')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('admin:tutors.tutor')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:tutors.subscription')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:tutors.approved')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:tutors.featured')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {tutors.data?.users.map((tutor) => (
                <Table.Row key={tutor.id}>
                  <Table.Cell>
                    <Text fontWeight="medium">{tutor.fullname}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {tutor.email}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={tutor.subscriptionActive ? 'green' : 'gray'}>
                      {tutor.subscriptionActive ? t('admin:common.active') : t('admin:common.inactive')}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {/* Decided on documents in the Verification section; never switched on here. */}
                    <Badge colorPalette={tutor.approved ? 'green' : 'gray'}>
                      {tutor.approved ? t('verification:badge.verified') : t('admin:students.no')}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Toggle
                      label={t('admin:tutors.featuredLabel', { email: tutor.email })}
                      checked={tutor.featured}
                      onChange={(featured) =>
                        feature.mutate(
                          { id: tutor.id, featured },
                          {
                            onSuccess: () =>
                              notifySuccess(
                                featured ? t('admin:tutors.featuredToast') : t('admin:tutors.unfeaturedToast'),
                              ),
                            onError: (e) => notifyError(say(errorMessage(e, ADMIN_MESSAGES.featured))),
                          },
                        )
                      }
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
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
  return (
    <Section title={t('admin:sections.students')}>
      <QueryState isPending={parents.isPending} error={parents.error} fallback={ADMIN_MESSAGES.loadUsers}>
        {parents.data?.users.length === 0 ? (
          <Text color="fg.muted">{t('admin:students.empty')}</Text>
        ) : (
          <ScrollTable caption={t('admin:students.caption')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('admin:users.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:users.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:users.phone')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:students.verified')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:users.active')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {parents.data?.users.map((p) => (
                <Table.Row key={p.id}>
                  <Table.Cell fontWeight="medium">{p.fullname}</Table.Cell>
                  <Table.Cell>{p.email}</Table.Cell>
                  <Table.Cell>{p.phone || '-'}</Table.Cell>
                  <Table.Cell>{p.emailVerified ? t('admin:students.yes') : t('admin:students.no')}</Table.Cell>
                  <Table.Cell>
                    <Toggle
                      label={t('admin:users.activeLabel', { email: p.email })}
                      checked={p.active}
                      onChange={(active) =>
                        status.mutate(
                          { id: p.id, active },
                          {
                            onSuccess: () =>
                              notifySuccess(
                                active
                                  ? t('admin:users.activated', { email: p.email })
                                  : t('admin:users.deactivated', { email: p.email }),
                              ),
                            onError: (e) => notifyError(say(errorMessage(e, ADMIN_MESSAGES.updateStatus))),
                          },
                        )
                      }
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
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
