import { Box, Button, Heading, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { formatNumber } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useBroadcastMessage, useSupportTickets, useUndeliveredEmails } from '../api/communication'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { QueryState, Section, recordTime } from './ui'

const broadcastSchema = z.object({
  text: z.string().check(z.trim(), z.minLength(1, ADMIN_MESSAGES.messageRequired)),
})

function Broadcast() {
  const { t } = useTranslation()
  const say = useAdminText()
  const form = useForm({ resolver: zodResolver(broadcastSchema), defaultValues: { text: '' } })
  const textField = form.register('text')
  const send = useBroadcastMessage()
  const onSubmit = form.handleSubmit(({ text }) =>
    send.mutate(text, {
      onSuccess: (result) => {
        notifySuccess(result.message || t('admin:communication.sent'))
        form.reset()
      },
      onError: (e) => notifyError(say(showServerError(form, e, ADMIN_MESSAGES.broadcast))),
    }),
  )
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3">
        <FormField label={t('admin:communication.broadcast')} helperText={t('admin:communication.broadcastHelp')}>
          <Textarea recipe={textareaRecipe} rows={3} {...textField} />
        </FormField>
        <FormAlert status="error" message={say(form.formState.errors.text?.message)} />
        <Button
          type="submit"
          alignSelf="flex-start"
          loading={send.isPending}
          loadingText={t('admin:communication.sending')}
        >
          {t('admin:communication.send')}
        </Button>
      </Stack>
    </form>
  )
}

/** Who wrote and when: 'Asha <asha@example.com> · 21 Nov 2027, 3:05 pm'. */
function ticketByline(ticket: { name: string; from: string; createdAt: string }): string {
  return `${ticket.name} <${ticket.from}> · ${recordTime(ticket.createdAt)}`
}

function Tickets() {
  const { t } = useTranslation()
  const { data, isPending, error } = useSupportTickets()
  const tickets = [...(data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return (
    <Box>
      <Heading as="h3" size="lg" mb="3">
        {t('admin:communication.tickets')}
      </Heading>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadTickets}>
        {tickets.length === 0 && <Text color="fg.muted">{t('admin:communication.noTickets')}</Text>}
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label={t('admin:communication.tickets')}>
          {tickets.map((ticket) => (
            <Box as="li" key={ticket.id} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
              <Text fontWeight="semibold">{ticket.subject}</Text>
              <Text fontSize="sm" color="fg.muted">
                {ticketByline(ticket)}
              </Text>
              <Text mt="2" whiteSpace="pre-wrap" wordBreak="break-word">
                {ticket.text}
              </Text>
            </Box>
          ))}
        </Stack>
      </QueryState>
    </Box>
  )
}

/** E-mails the mail server refused several times: the worker stopped trying, so a person has to look. */
function UndeliveredEmails() {
  const { t } = useTranslation()
  const { data, isPending, error } = useUndeliveredEmails()
  const emails = data ?? []
  return (
    <Box>
      <Heading as="h3" size="lg" mb="3">
        {t('admin:communication.undelivered')}
      </Heading>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadUndelivered}>
        {emails.length === 0 && <Text color="fg.muted">{t('admin:communication.allDelivered')}</Text>}
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label={t('admin:communication.undelivered')}>
          {emails.map((e) => (
            <Box as="li" key={e.id} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
              <Text fontWeight="semibold">{e.subject}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t('admin:communication.undeliveredLine', {
                  recipient: e.recipient,
                  attempts: formatNumber(e.attempts),
                  date: recordTime(e.failedAt),
                })}
              </Text>
              {e.lastError && (
                <Text mt="2" fontSize="sm" wordBreak="break-word">
                  {e.lastError}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      </QueryState>
    </Box>
  )
}

export function CommunicationSection() {
  const { t } = useTranslation()
  return (
    <Section title={t('admin:sections.communication')}>
      <Broadcast />
      <Tickets />
      <UndeliveredEmails />
    </Section>
  )
}
