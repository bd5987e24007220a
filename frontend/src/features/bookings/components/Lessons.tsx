import { Box, Button, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { errorMessage } from '@/api/client'
import { useLanguage, useTranslation } from '@/lib/i18n'
import { useBookings } from '../api/bookings'
import {
  type Lesson,
  type LessonPlan,
  useCreatePlan,
  useLessonAction,
  useLessonPlan,
  useLessonPlans,
  useStatement,
} from '../api/lessons'
import type { Side } from '../api/types'
import { fieldErrors } from '../lib/field-errors'
import { istToday } from '../lib/week'
import { whenText } from '../lib/when-text'

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

// Whole keys, so the catalogue check finds every one the screen uses.
const DAY_LABEL: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'bookings:lessons.day.mon',
  tue: 'bookings:lessons.day.tue',
  wed: 'bookings:lessons.day.wed',
  thu: 'bookings:lessons.day.thu',
  fri: 'bookings:lessons.day.fri',
  sat: 'bookings:lessons.day.sat',
  sun: 'bookings:lessons.day.sun',
}
const STATUS_LABEL: Record<Lesson['status'], string> = {
  scheduled: 'bookings:lessons.status.scheduled',
  held: 'bookings:lessons.status.held',
  confirmed: 'bookings:lessons.status.confirmed',
  disputed: 'bookings:lessons.status.disputed',
  cancelled: 'bookings:lessons.status.cancelled',
}

/** Prints only the statement: the rest of the page (navigation, buttons) stays off the paper. */
const PRINT_CSS =
  '@media print { body * { visibility: hidden; } .lesson-statement, .lesson-statement * { visibility: visible; }' +
  ' .lesson-statement { position: absolute; inset: 0; padding: 1.5cm; } .lesson-statement .no-print { display: none; } }'

/** One labelled input of the plan form with the server's sentence for it. */
function Field({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <label htmlFor={`plan-${name}`} style={{ fontWeight: 500 }}>
        {label}
      </label>
      {children}
      {error && (
        <Text color="red.600" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  )
}

/** A tutor's form: lessons after a demo whose parent chose to continue. */
function PlanForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('bookings')
  const past = useBookings('past')
  const create = useCreatePlan()
  const [today] = useState(() => istToday(Date.now()))
  const demos = (past.data?.bookings ?? []).filter((b) => b.outcome.parent?.continue === true)
  const [booking, setBooking] = useState('')
  const [days, setDays] = useState<string[]>(['mon', 'wed', 'fri'])
  const [start, setStart] = useState('17:00')
  const [minutes, setMinutes] = useState('60')
  const [from, setFrom] = useState(today)
  const [to, setTo] = useState(today)
  const [fee, setFee] = useState('')
  const errors = create.isError ? fieldErrors(create.error) : {}
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const chosen = demos.find((b) => String(b.id) === booking) ?? demos[0]
    create.mutate(
      {
        bookingId: chosen?.id ?? null,
        requestId: null,
        weekdays: days,
        start,
        minutes: Number(minutes),
        startDate: from,
        endDate: to,
        feePerLesson: Number(fee),
      },
      { onSuccess: onDone },
    )
  }
  return (
    <Box as="form" onSubmit={submit} aria-label={t('bookings:lessons.plan')} borderWidth="1px" rounded="md" p="4">
      <Stack gap="3">
        <Field name="bookingId" label={t('bookings:lessons.demo')} error={errors.bookingId}>
          <select id="plan-bookingId" value={booking} onChange={(e) => setBooking(e.target.value)}>
            {demos.map((b) => (
              <option key={b.id} value={b.id}>
                {[b.parent.name, b.subject].filter(Boolean).join(' · ')}
              </option>
            ))}
          </select>
        </Field>
        {demos.length === 0 && <Text color="fg.muted">{t('bookings:lessons.noDemo')}</Text>}
        <Stack as="fieldset" gap="1">
          <Text as="legend" fontWeight="medium">
            {t('bookings:lessons.weekdays')}
          </Text>
          <HStack wrap="wrap" gap="3">
            {WEEKDAYS.map((day) => (
              <label key={day}>
                <input
                  type="checkbox"
                  checked={days.includes(day)}
                  onChange={(e) => setDays(e.target.checked ? [...days, day] : days.filter((d) => d !== day))}
                />{' '}
                {t(DAY_LABEL[day])}
              </label>
            ))}
          </HStack>
          {errors.weekdays && (
            <Text color="red.600" fontSize="sm">
              {errors.weekdays}
            </Text>
          )}
        </Stack>
        <HStack wrap="wrap" gap="3" alignItems="start">
          <Field name="start" label={t('bookings:lessons.start')} error={errors.start}>
            <Input id="plan-start" type="time" step={900} value={start} onChange={(e) => setStart(e.target.value)} />
          </Field>
          <Field name="minutes" label={t('bookings:lessons.minutes')} error={errors.minutes}>
            <Input
              id="plan-minutes"
              type="number"
              step={15}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          </Field>
          <Field name="startDate" label={t('bookings:lessons.from')} error={errors.startDate}>
            <Input id="plan-startDate" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          <Field name="endDate" label={t('bookings:lessons.to')} error={errors.endDate}>
            <Input id="plan-endDate" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </Field>
          <Field name="feePerLesson" label={t('bookings:lessons.fee')} error={errors.feePerLesson}>
            <Input id="plan-feePerLesson" type="number" value={fee} onChange={(e) => setFee(e.target.value)} />
          </Field>
        </HStack>
        {create.isError && Object.keys(errors).length === 0 && (
          <Text role="alert" color="red.600">
            {errorMessage(create.error, t('bookings:saveFailed'))}
          </Text>
        )}
        <Button
          type="submit"
          colorPalette="blue"
          alignSelf="start"
          loading={create.isPending}
          disabled={demos.length === 0}
        >
          {t('bookings:lessons.create')}
        </Button>
      </Stack>
    </Box>
  )
}

/** One lesson: its state, its diary entry and what the reader may do. */
function LessonRow({ lesson, me }: { lesson: Lesson; me: Side }) {
  const { t } = useTranslation('bookings')
  const language = useLanguage()
  const act = useLessonAction()
  const [note, setNote] = useState('')
  const [topic, setTopic] = useState(lesson.topic ?? '')
  const [homework, setHomework] = useState(lesson.homework ?? '')
  const status = lesson.autoConfirmed ? t('bookings:lessons.status.auto') : t(STATUS_LABEL[lesson.status])
  const parentMayAnswer = me === 'parent' && (lesson.status === 'held' || lesson.status === 'disputed')
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" aria-label={whenText(lesson.startsAt, lesson.endsAt, language)}>
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="medium">{whenText(lesson.startsAt, lesson.endsAt, language)}</Text>
        <Text>{status}</Text>
      </HStack>
      {lesson.disputeNote && (
        <Text fontSize="sm">{t('bookings:lessons.disputeNote', { note: lesson.disputeNote })}</Text>
      )}
      {lesson.cancelNote && <Text fontSize="sm">{t('bookings:lessons.cancelNote', { note: lesson.cancelNote })}</Text>}
      {me === 'parent' && (lesson.topic || lesson.homework) && (
        <Text fontSize="sm">
          {t('bookings:lessons.diaryLine', { topic: lesson.topic ?? '—', homework: lesson.homework ?? '—' })}
        </Text>
      )}
      {act.isError && (
        <Text role="alert" color="red.600">
          {errorMessage(act.error, t('bookings:saveFailed'))}
        </Text>
      )}
      <HStack gap="2" mt="2" wrap="wrap">
        {parentMayAnswer && (
          <Button size="sm" colorPalette="green" onClick={() => act.mutate({ kind: 'confirm', id: lesson.id })}>
            {t('bookings:lessons.confirm')}
          </Button>
        )}
        {((me === 'parent' && lesson.status === 'held') || (me === 'tutor' && lesson.status === 'scheduled')) && (
          <>
            <Input
              size="sm"
              maxW="xs"
              aria-label={t('bookings:lessons.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => act.mutate({ kind: me === 'parent' ? 'dispute' : 'cancel', id: lesson.id, note })}
            >
              {t(me === 'parent' ? 'bookings:lessons.dispute' : 'bookings:lessons.cancel')}
            </Button>
          </>
        )}
      </HStack>
      {me === 'tutor' && lesson.status !== 'cancelled' && (
        <HStack gap="2" mt="2" wrap="wrap">
          <Input
            size="sm"
            maxW="xs"
            aria-label={t('bookings:lessons.topic')}
            placeholder={t('bookings:lessons.topic')}
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
          />
          <Input
            size="sm"
            maxW="xs"
            aria-label={t('bookings:lessons.homework')}
            placeholder={t('bookings:lessons.homework')}
            value={homework}
            onChange={(e) => setHomework(e.target.value)}
          />
          <Button
            size="sm"
            variant="outline"
            onClick={() => act.mutate({ kind: 'diary', id: lesson.id, topic, homework })}
          >
            {t('bookings:lessons.saveDiary')}
          </Button>
        </HStack>
      )}
    </Box>
  )
}

/** A month of a plan, for the screen and for paper. */
function StatementView({ plan }: { plan: LessonPlan }) {
  const { t } = useTranslation('bookings')
  const [month, setMonth] = useState(() => istToday(Date.now()).slice(0, 7))
  const statement = useStatement(plan.id, month)
  const s = statement.data
  const rows: [string, number][] = s
    ? [
        ['bookings:lessons.count.held', s.held],
        ['bookings:lessons.count.confirmed', s.confirmed],
        ['bookings:lessons.count.awaiting', s.awaiting],
        ['bookings:lessons.count.disputed', s.disputed],
        ['bookings:lessons.count.cancelled', s.cancelled],
      ]
    : []
  return (
    <Box className="lesson-statement" mt="4" role="region" aria-label={t('bookings:lessons.statement')}>
      <style>{PRINT_CSS}</style>
      <Heading as="h3" size="sm">
        {t('bookings:lessons.statementOf', { tutor: plan.tutor.name, parent: plan.parent.name, month })}
      </Heading>
      <HStack className="no-print" gap="2" my="2">
        <Input
          size="sm"
          maxW="12rem"
          type="month"
          aria-label={t('bookings:lessons.month')}
          value={month}
          onChange={(e) => setMonth(e.target.value)}
        />
        <Button size="sm" variant="outline" onClick={() => window.print()}>
          {t('bookings:lessons.print')}
        </Button>
      </HStack>
      {statement.isPending ? (
        <Spinner size="sm" />
      ) : statement.isError ? (
        <Text role="alert">{errorMessage(statement.error, t('bookings:loadFailed'))}</Text>
      ) : (
        <Box as="dl" display="grid" gridTemplateColumns="auto auto" gap="1" maxW="sm">
          {rows.map(([key, value]) => (
            <Box key={key} display="contents">
              <Text as="dt">{t(key)}</Text>
              <Text as="dd">{value}</Text>
            </Box>
          ))}
          <Text as="dt">{t('bookings:lessons.count.fee')}</Text>
          <Text as="dd">{t('bookings:lessons.rupees', { amount: s?.feePerLesson })}</Text>
          <Text as="dt" fontWeight="bold">
            {t('bookings:lessons.count.total')}
          </Text>
          <Text as="dd" fontWeight="bold">
            {t('bookings:lessons.rupees', { amount: s?.total })}
          </Text>
        </Box>
      )}
      <Text fontSize="sm" color="fg.muted" mt="2">
        {t('bookings:lessons.noMoney')}
      </Text>
    </Box>
  )
}

function PlanDetail({ id, me }: { id: number; me: Side }) {
  const { t } = useTranslation('bookings')
  const plan = useLessonPlan(id)
  if (plan.isPending) return <Spinner size="sm" />
  if (plan.isError) return <Text role="alert">{errorMessage(plan.error, t('bookings:loadFailed'))}</Text>
  return (
    <Box mt="2">
      <Stack as="ul" listStyleType="none" gap="2" aria-label={t('bookings:lessons.list')}>
        {plan.data.lessons.map((lesson) => (
          <LessonRow key={lesson.id} lesson={lesson} me={me} />
        ))}
      </Stack>
      <StatementView plan={plan.data} />
    </Box>
  )
}

/** /classes' lessons: each plan with its lessons, diary and monthly statement; tutors plan new ones. */
export default function Lessons({ me }: { me: Side }) {
  const { t } = useTranslation('bookings')
  const plans = useLessonPlans()
  const [open, setOpen] = useState<number | null>(null)
  const [planning, setPlanning] = useState(false)
  return (
    <Box as="section" aria-label={t('bookings:lessons.title')} mt="6">
      <HStack justify="space-between" mb="3">
        <Heading as="h2" size="md">
          {t('bookings:lessons.title')}
        </Heading>
        {me === 'tutor' && (
          <Button
            size="sm"
            colorPalette="blue"
            variant="outline"
            aria-expanded={planning}
            onClick={() => setPlanning(!planning)}
          >
            {t('bookings:lessons.plan')}
          </Button>
        )}
      </HStack>
      {planning && <PlanForm onDone={() => setPlanning(false)} />}
      {plans.isPending ? (
        <Spinner size="sm" />
      ) : plans.isError ? (
        <Text role="alert">{errorMessage(plans.error, t('bookings:loadFailed'))}</Text>
      ) : plans.data.plans.length === 0 ? (
        <Text color="fg.muted">{t('bookings:lessons.empty')}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {plans.data.plans.map((plan) => (
            <Box as="li" key={plan.id} borderWidth="1px" rounded="md" p="3">
              <Button
                variant="plain"
                p="0"
                aria-expanded={open === plan.id}
                onClick={() => setOpen(open === plan.id ? null : plan.id)}
              >
                {t('bookings:lessons.summary', {
                  name: me === 'tutor' ? plan.parent.name : plan.tutor.name,
                  subject: plan.subject ?? '',
                  days: plan.weekdays.map((d) => t(DAY_LABEL[d])).join(', '),
                  start: plan.start,
                  fee: plan.feePerLesson,
                })}
              </Button>
              {open === plan.id && <PlanDetail id={plan.id} me={me} />}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  )
}
