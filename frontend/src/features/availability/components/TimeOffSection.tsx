import { Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/client'
import { Panel } from '@/components/page'
import { useLanguage, useTranslation } from '@/lib/i18n'
import { useAddTimeOff, useRemoveTimeOff, type MyAvailability } from '../api/availability'
import { dayLabel } from '../lib/ist'

/** Time off: days away, added one period at a time, each removable. */
export function TimeOffSection({ saved }: { saved: MyAvailability }) {
  const { t } = useTranslation('availability')
  const language = useLanguage()
  const add = useAddTimeOff()
  const remove = useRemoveTimeOff()
  const [form, setForm] = useState({ startDate: '', endDate: '', note: '' })
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const range = (start: string, end: string) =>
    start === end
      ? dayLabel(start, language)
      : t('availability:timeOff.range', { start: dayLabel(start, language), end: dayLabel(end, language) })
  const failed = (error: unknown) => setStatus({ ok: false, text: errorMessage(error, t('availability:saveFailed')) })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setStatus(null)
    const body = { startDate: form.startDate, endDate: form.endDate || form.startDate, note: form.note || null }
    add.mutate(body, {
      onSuccess: () => {
        setForm({ startDate: '', endDate: '', note: '' })
        setStatus({ ok: true, text: t('availability:timeOff.added') })
      },
      onError: failed,
    })
  }

  return (
    <Panel>
      <Heading as="h2" size="lg" mb="2">
        {t('availability:timeOff.heading')}
      </Heading>
      <Text color="fg.muted" mb="4">
        {t('availability:timeOff.help')}
      </Text>
      <form onSubmit={submit}>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <Field.Root required w={{ base: 'full', sm: 'auto' }}>
            <Field.Label>{t('availability:timeOff.start')}</Field.Label>
            <Input
              type="date"
              value={form.startDate}
              onChange={(e) => setForm({ ...form, startDate: e.target.value })}
            />
          </Field.Root>
          <Field.Root w={{ base: 'full', sm: 'auto' }}>
            <Field.Label>{t('availability:timeOff.end')}</Field.Label>
            <Input type="date" value={form.endDate} onChange={(e) => setForm({ ...form, endDate: e.target.value })} />
          </Field.Root>
          <Field.Root flex="1" minW={{ base: 'full', sm: '48' }}>
            <Field.Label>{t('availability:timeOff.note')}</Field.Label>
            <Input maxLength={200} value={form.note} onChange={(e) => setForm({ ...form, note: e.target.value })} />
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={add.isPending}>
            {t('availability:timeOff.add')}
          </Button>
        </Flex>
      </form>
      {status && (
        <Text mt="3" role={status.ok ? 'status' : 'alert'} color={status.ok ? 'green.700' : 'red.700'}>
          {status.text}
        </Text>
      )}
      {saved.exceptions.length === 0 ? (
        <Text mt="4" color="fg.muted">
          {t('availability:timeOff.none')}
        </Text>
      ) : (
        <Stack as="ul" mt="4" gap="2" data-testid="time-off-list">
          {saved.exceptions.map((x) => (
            <Box as="li" key={x.id}>
              <Flex gap="3" align="center" wrap="wrap">
                <Text fontWeight="medium">{range(x.startDate, x.endDate)}</Text>
                {x.note && <Text color="fg.muted">{x.note}</Text>}
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={t('availability:timeOff.remove', { range: range(x.startDate, x.endDate) })}
                  onClick={() => remove.mutate(x.id, { onError: failed })}
                >
                  {t('availability:timeOff.removeShort')}
                </Button>
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
    </Panel>
  )
}
