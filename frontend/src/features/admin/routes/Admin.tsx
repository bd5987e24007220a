import { Box, Button, Container, Grid, Heading, Spinner, Stack } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from '@/lib/i18n'
import { Select } from '../components/ui'

// Each section is a file of its own, loaded when it is opened: the first load carries the open
// section only, not every section's forms and dialogs.
const AnalyticsSection = lazy(() =>
  import('../components/AnalyticsSection').then((m) => ({ default: m.AnalyticsSection })),
)
const SettingsSection = lazy(() =>
  import('../components/SettingsSection').then((m) => ({ default: m.SettingsSection })),
)
const BrandingSection = lazy(() =>
  import('../components/BrandingSection').then((m) => ({ default: m.BrandingSection })),
)
const RequestsSection = lazy(() =>
  import('../components/RequestsSection').then((m) => ({ default: m.RequestsSection })),
)
const UsersSection = lazy(() => import('../components/UsersSection').then((m) => ({ default: m.UsersSection })))
const TutorsSection = lazy(() => import('../components/TutorsSection').then((m) => ({ default: m.TutorsSection })))
const StudentsSection = lazy(() => import('../components/TutorsSection').then((m) => ({ default: m.StudentsSection })))
const ContentSection = lazy(() => import('../components/ContentSection').then((m) => ({ default: m.ContentSection })))
const CommunicationSection = lazy(() =>
  import('../components/CommunicationSection').then((m) => ({ default: m.CommunicationSection })),
)
const MediaSection = lazy(() => import('../components/MediaSection').then((m) => ({ default: m.MediaSection })))
const VerificationSection = lazy(() =>
  import('../components/VerificationSection').then((m) => ({ default: m.VerificationSection })),
)
const ReportsSection = lazy(() => import('../components/ReportsSection').then((m) => ({ default: m.ReportsSection })))
const AuditSection = lazy(() => import('../components/AuditSection').then((m) => ({ default: m.AuditSection })))

/** SPEC §2 "Admin panel sections", in order; `?section=` keeps the open one in the address. */
const SECTIONS = [
  { id: 'analytics', label: 'admin:sections.analytics', Screen: AnalyticsSection },
  { id: 'settings', label: 'admin:sections.settings', Screen: SettingsSection },
  { id: 'branding', label: 'admin:sections.branding', Screen: BrandingSection },
  { id: 'requests', label: 'admin:sections.requests', Screen: RequestsSection },
  { id: 'reports', label: 'moderation:admin.title', Screen: ReportsSection },
  { id: 'users', label: 'admin:sections.users', Screen: UsersSection },
  { id: 'tutors', label: 'admin:sections.tutors', Screen: TutorsSection },
  { id: 'verification', label: 'admin:sections.verification', Screen: VerificationSection },
  { id: 'students', label: 'admin:sections.students', Screen: StudentsSection },
  { id: 'content', label: 'admin:sections.content', Screen: ContentSection },
  { id: 'communication', label: 'admin:sections.communication', Screen: CommunicationSection },
  { id: 'media', label: 'admin:sections.media', Screen: MediaSection },
  { id: 'audit', label: 'admin:sections.audit', Screen: AuditSection },
] as const

export default function Admin() {
  const { t } = useTranslation(['admin', 'moderation'])
  const [params, setParams] = useSearchParams()
  const current = SECTIONS.find((s) => s.id === params.get('section')) ?? SECTIONS[0]
  const open = (id: string) => setParams({ section: id })
  const { Screen } = current
  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }} px={{ base: '3', md: '6' }}>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="5">
        {t('admin:title')}
      </Heading>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: '14rem minmax(0, 1fr)' }} gap="5" alignItems="start">
        <Box hideFrom="md">
          <Select ariaLabel={t('admin:sectionPicker')} value={current.id} onChange={open}>
            {SECTIONS.map((s) => (
              <option key={s.id} value={s.id}>
                {t(s.label)}
              </option>
            ))}
          </Select>
        </Box>
        <Stack
          as="nav"
          aria-label={t('admin:sectionsNav')}
          hideBelow="md"
          gap="1"
          position="sticky"
          top="20"
          bg="bg"
          borderWidth="1px"
          borderColor="border"
          borderRadius="xl"
          p="2"
        >
          {SECTIONS.map((s) => (
            <Button
              key={s.id}
              variant="ghost"
              justifyContent="flex-start"
              size="sm"
              color="fg"
              aria-current={s.id === current.id ? 'page' : undefined}
              css={{ '&[aria-current=page]': { bg: 'blue.50', color: 'blue.800', fontWeight: 'semibold' } }}
              onClick={() => open(s.id)}
            >
              {t(s.label)}
            </Button>
          ))}
        </Stack>
        <Box minW="0">
          <Suspense fallback={<Spinner aria-label={t('admin:loadingSection')} />}>
            <Screen />
          </Suspense>
        </Box>
      </Grid>
    </Container>
  )
}
