import { Badge, Button, HStack, Input, Table, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { errorMessage } from '@/api/client'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useApproveTutor, useFeatureTutor, useTutorBadges } from '../api/tutors'
import { useSetUserStatus, useUsers, type AdminUser } from '../api/users'
import { ADMIN_MESSAGES } from '../lib/messages'
import { QueryState, ScrollTable, Section, Toggle } from './ui'

function BadgesEditor({ tutor }: { tutor: AdminUser }) {
  const [text, setText] = useState(tutor.badges.join(', '))
  const save = useTutorBadges()
  const badges = text
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean)
  const onSave = () =>
    save.mutate(
      { id: tutor.id, badges },
      {
        onSuccess: () => notifySuccess('Badges updated'),
        onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.badges)),
      },
    )
  return (
    <HStack gap="1" minW="64">
      <Input
        size="sm"
        aria-label={`Badges of ${tutor.email} (comma separated)`}
        placeholder="e.g. Top Rated, Math Expert"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        size="xs"
        variant="outline"
        onClick={onSave}
        loading={save.isPending}
        aria-label={`Save badges of ${tutor.email}`}
      >
        Save
      </Button>
    </HStack>
  )
}

export function TutorsSection() {
  const tutors = useUsers({ role: 'tutor', page: 1, limit: 100 })
  const approve = useApproveTutor()
  const feature = useFeatureTutor()
  return (
    <Section title="Tutor Controls">
      <QueryState isPending={tutors.isPending} error={tutors.error} fallback={ADMIN_MESSAGES.loadUsers}>
        {tutors.data?.users.length === 0 ? (
          <Text color="fg.muted">No tutors yet.</Text>
        ) : (
          <ScrollTable caption="Tutors">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Tutor</Table.ColumnHeader>
                <Table.ColumnHeader>Subscription</Table.ColumnHeader>
                <Table.ColumnHeader>Approved</Table.ColumnHeader>
                <Table.ColumnHeader>Featured</Table.ColumnHeader>
                <Table.ColumnHeader>Badges</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {tutors.data?.users.map((t) => (
                <Table.Row key={t.id}>
                  <Table.Cell>
                    <Text fontWeight="medium">{t.fullname}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {t.email}
                    </Text>
                    <Wrap gap="1" mt="1">
                      {t.badges.map((b) => (
                        <Badge key={b} size="sm" colorPalette="purple">
                          {b}
                        </Badge>
                      ))}
                    </Wrap>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={t.subscriptionActive ? 'green' : 'gray'}>
                      {t.subscriptionActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Toggle
                      label={`Approved: ${t.email}`}
                      checked={t.approved}
                      onChange={(approved) =>
                        approve.mutate(
                          { id: t.id, approved },
                          {
                            onSuccess: () => notifySuccess(approved ? 'Tutor approved' : 'Approval removed'),
                            onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.approval)),
                          },
                        )
                      }
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <Toggle
                      label={`Featured: ${t.email}`}
                      checked={t.featured}
                      onChange={(featured) =>
                        feature.mutate(
                          { id: t.id, featured },
                          {
                            onSuccess: () => notifySuccess(featured ? 'Tutor featured' : 'Tutor no longer featured'),
                            onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.featured)),
                          },
                        )
                      }
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <BadgesEditor key={t.badges.join(',')} tutor={t} />
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
  const parents = useUsers({ role: 'parent', page: 1, limit: 100 })
  const status = useSetUserStatus()
  return (
    <Section title="Student Controls">
      <QueryState isPending={parents.isPending} error={parents.error} fallback={ADMIN_MESSAGES.loadUsers}>
        {parents.data?.users.length === 0 ? (
          <Text color="fg.muted">No parents or students yet.</Text>
        ) : (
          <ScrollTable caption="Parents and students">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                <Table.ColumnHeader>Phone</Table.ColumnHeader>
                <Table.ColumnHeader>Verified</Table.ColumnHeader>
                <Table.ColumnHeader>Active</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {parents.data?.users.map((p) => (
                <Table.Row key={p.id}>
                  <Table.Cell fontWeight="medium">{p.fullname}</Table.Cell>
                  <Table.Cell>{p.email}</Table.Cell>
                  <Table.Cell>{p.phone || '-'}</Table.Cell>
                  <Table.Cell>{p.emailVerified ? 'Yes' : 'No'}</Table.Cell>
                  <Table.Cell>
                    <Toggle
                      label={`Active: ${p.email}`}
                      checked={p.active}
                      onChange={(active) =>
                        status.mutate(
                          { id: p.id, active },
                          {
                            onSuccess: () => notifySuccess(`${p.email} ${active ? 'activated' : 'deactivated'}`),
                            onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.updateStatus)),
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
          Showing {parents.data.users.length} of {parents.data.total}; find others in User Management.
        </Text>
      )}
    </Section>
  )
}
