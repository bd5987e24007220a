import { Box, Button, Heading, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { formatDate } from '@/lib/format'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useBroadcastMessage, useSupportTickets, useUndeliveredEmails } from '../api/communication'
import { ADMIN_MESSAGES } from '../lib/messages'
import { QueryState, Section } from './ui'

const broadcastSchema = z.object({ text: z.string().check(z.trim(), z.minLength(1, 'Please enter a message')) })

function Broadcast() {
  const form = useForm({ resolver: zodResolver(broadcastSchema), defaultValues: { text: '' } })
  const send = useBroadcastMessage()
  const onSubmit = form.handleSubmit(({ text }) =>
    send.mutate(text, {
      onSuccess: (result) => {
        notifySuccess(result.message || 'Broadcast sent')
        form.reset()
      },
      onError: (e) => notifyError(showServerError(form, e, ADMIN_MESSAGES.broadcast)),
    }),
  )
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3">
        <FormField label="Broadcast to everyone online" helperText="Also kept as the newest announcement">
          <Textarea recipe={textareaRecipe} rows={3} {...form.register('text')} />
        </FormField>
        <FormAlert status="error" message={form.formState.errors.text?.message ?? null} />
        <Button type="submit" alignSelf="flex-start" loading={send.isPending} loadingText="Sending...">
          Send broadcast
        </Button>
      </Stack>
    </form>
  )
}

function Tickets() {
  const { data, isPending, error } = useSupportTickets()
  const tickets = [...(data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return (
    <Box>
      <Heading as="h3" size="lg" mb="3">
        Support tickets
      </Heading>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadTickets}>
        {tickets.length === 0 && <Text color="fg.muted">No support tickets.</Text>}
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Support tickets">
          {tickets.map((t) => (
            <Box as="li" key={t.id} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
              <Text fontWeight="semibold">{t.subject}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t.name} &lt;{t.from}&gt; · {formatDate(t.createdAt, 'dateTime')}
              </Text>
              <Text mt="2" whiteSpace="pre-wrap" wordBreak="break-word">
                {t.text}
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
  const { data, isPending, error } = useUndeliveredEmails()
  const emails = data ?? []
  return (
    <Box>
      <Heading as="h3" size="lg" mb="3">
        Undelivered e-mails
      </Heading>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadUndelivered}>
        {emails.length === 0 && <Text color="fg.muted">Every e-mail was delivered.</Text>}
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Undelivered e-mails">
          {emails.map((e) => (
            <Box as="li" key={e.id} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
              <Text fontWeight="semibold">{e.subject}</Text>
              <Text fontSize="sm" color="fg.muted">
                To {e.recipient} · tried {e.attempts} times · gave up {formatDate(e.failedAt, 'dateTime')}
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
  return (
    <Section title="Communication">
      <Broadcast />
      <Tickets />
      <UndeliveredEmails />
    </Section>
  )
}
