import {
  Badge,
  Box,
  Button,
  Checkbox,
  Flex,
  HStack,
  Heading,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import { checkboxSlotRecipe } from '@chakra-ui-theme/recipes/checkbox'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { useState } from 'react'
import { FormField } from '@/components/ui/form-field'
import { formatDate } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { ID_KIND_KEYS, REASON_KEYS, SLOT_KEYS, keyOf } from '@/lib/verification-texts'
import {
  REJECT_REASONS,
  openDocument,
  useDecideVerification,
  useVerificationQueue,
  type QueueItem,
  type RejectReason,
} from '../api/verification'
import { Section } from './ui'

const CHECKS = ['id', 'qualification', 'police'] as const

/** One submission: the documents beside the profile, the checks that passed, approve or reject. */
function Item({ item }: { item: QueueItem }) {
  const { t } = useTranslation('verification')
  const decide = useDecideVerification()
  const { submission } = item
  const hasPolice = submission.documents.some((d) => d.slot === 'police')
  const [checks, setChecks] = useState({ id: false, qualification: false, police: false })
  const [reason, setReason] = useState<RejectReason>('unreadable')
  const [text, setText] = useState('')
  const done = (message: string) => ({
    onSuccess: () => notifySuccess(message),
    onError: (e: Error) => notifyError(e.message),
  })
  return (
    <Box as="article" aria-label={item.tutorName} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
      <Flex gap="6" wrap="wrap">
        <Stack gap="1" flex="1" minW="60">
          <Heading as="h3" size="md" overflowWrap="anywhere">
            {item.tutorName}
          </Heading>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {item.tutorEmail} · {item.tutorPhone}
          </Text>
          <Text fontSize="sm">{t('verification:admin.waiting', { date: formatDate(submission.queuedAt) })}</Text>
          {submission.nameChanged && (
            <Badge colorPalette="orange" alignSelf="flex-start">
              {t('verification:admin.nameChanged')}
            </Badge>
          )}
          <Text fontSize="sm">
            {t('verification:admin.idKind', { kind: t(keyOf(ID_KIND_KEYS, submission.idKind)) })}
          </Text>
          <Text fontSize="sm" overflowWrap="anywhere">
            {t('verification:admin.qualification', { text: submission.qualification })}
          </Text>
          {item.education && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {t('verification:admin.education', { text: item.education })}
            </Text>
          )}
          {item.subjects && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {t('verification:admin.subjects', { text: item.subjects })}
            </Text>
          )}
          {submission.note && (
            <Text fontSize="sm" overflowWrap="anywhere" fontStyle="italic">
              {submission.note}
            </Text>
          )}
        </Stack>
        <Stack gap="2" flex="1" minW="60">
          <Text fontWeight="medium">{t('verification:admin.documents')}</Text>
          {submission.documents.map((doc) => {
            const slot = t(keyOf(SLOT_KEYS, doc.slot))
            return doc.deleted ? (
              <Text key={doc.id} fontSize="sm" color="fg.muted">
                {t('verification:admin.deleted', { slot })}
              </Text>
            ) : (
              <Button
                key={doc.id}
                size="sm"
                variant="outline"
                alignSelf="flex-start"
                onClick={() => openDocument(doc.id).catch((e: Error) => notifyError(e.message))}
              >
                {t('verification:admin.document', { slot })}
              </Button>
            )
          })}
        </Stack>
        <Stack gap="3" flex="1" minW="60">
          <Text fontWeight="medium">{t('verification:admin.checksPassed')}</Text>
          <HStack gap="4" wrap="wrap">
            {CHECKS.filter((c) => c !== 'police' || hasPolice).map((check) => (
              <Checkbox.Root
                key={check}
                recipe={checkboxSlotRecipe}
                checked={checks[check]}
                onCheckedChange={(e) => setChecks((c) => ({ ...c, [check]: e.checked === true }))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(SLOT_KEYS[check])}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
          <Button
            colorPalette="green"
            alignSelf="flex-start"
            disabled={!checks.id}
            loading={decide.isPending}
            onClick={() =>
              decide.mutate({ id: submission.id, approve: checks }, done(t('verification:admin.approved')))
            }
          >
            {t('verification:admin.approve')}
          </Button>
          <FormField label={t('verification:admin.reason')}>
            <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
              <NativeSelect.Field value={reason} onChange={(e) => setReason(e.target.value as RejectReason)}>
                {REJECT_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(REASON_KEYS[r])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('verification:admin.text')}>
            <Textarea value={text} maxLength={500} onChange={(e) => setText(e.target.value)} />
          </FormField>
          <Button
            colorPalette="red"
            variant="outline"
            alignSelf="flex-start"
            loading={decide.isPending}
            onClick={() =>
              decide.mutate({ id: submission.id, reject: { reason, text } }, done(t('verification:admin.rejected')))
            }
          >
            {t('verification:admin.reject')}
          </Button>
        </Stack>
      </Flex>
    </Box>
  )
}

/** The admins' verification queue: the longest waiting first. */
function VerificationQueue() {
  const { t } = useTranslation('verification')
  const queue = useVerificationQueue()
  if (queue.isPending) return null
  if (queue.isError) return <Text color="fg.error">{t('verification:admin.loadError')}</Text>
  if (queue.data.length === 0) return <Text>{t('verification:admin.empty')}</Text>
  return (
    <Stack gap="4">
      {queue.data.map((item) => (
        <Item key={item.submission.id} item={item} />
      ))}
    </Stack>
  )
}

/** Tutors' documents waiting for a decision, beside their profiles. */
export function VerificationSection() {
  const { t } = useTranslation('verification')
  return (
    <Section title={t('verification:admin.title')}>
      <VerificationQueue />
    </Section>
  )
}
