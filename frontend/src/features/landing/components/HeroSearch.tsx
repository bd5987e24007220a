import { Box, Button, chakra } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'
import { useNavigate } from 'react-router'

// The most asked-for subjects (vocabulary ids, crates/vocabulary): plain data, so the landing
// route loads neither the vocabulary nor the place search (DESIGN.md §6 budget).
const SUBJECTS = [
  ['maths', 'landing:subjects.maths'],
  ['science', 'landing:subjects.science'],
  ['physics', 'landing:subjects.physics'],
  ['chemistry', 'landing:subjects.chemistry'],
  ['biology', 'landing:subjects.biology'],
  ['english', 'landing:subjects.english'],
  ['hindi', 'landing:subjects.hindi'],
  ['social-studies', 'landing:subjects.socialStudies'],
  ['computer-science', 'landing:subjects.computerScience'],
  ['accountancy', 'landing:subjects.accountancy'],
  ['all-subjects', 'landing:subjects.allSubjects'],
]

const field = { h: '11', px: '3', borderRadius: 'md', bg: 'white', color: 'gray.900', w: 'full' } as const

/** Subject + place → /tutors?subject=…&place=…, where the place is looked up. */
export function HeroSearch() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <chakra.form
      role="search"
      aria-label={t('landing:search.label')}
      display="flex"
      gap="2"
      flexDirection={{ base: 'column', sm: 'row' }}
      onSubmit={(e) => {
        e.preventDefault()
        const query = new URLSearchParams()
        new FormData(e.currentTarget).forEach((value, key) => {
          if (String(value).trim()) query.set(key, String(value).trim())
        })
        navigate(`/tutors?${query}`)
      }}
    >
      <Box as="label" flex="1">
        <Box as="span" srOnly>
          {t('landing:search.subject')}
        </Box>
        <chakra.select name="subject" {...field}>
          <option value="">{t('landing:search.anySubject')}</option>
          {SUBJECTS.map(([id, label]) => (
            <option key={id} value={id}>
              {t(label)}
            </option>
          ))}
        </chakra.select>
      </Box>
      <Box as="label" flex="1.3">
        <Box as="span" srOnly>
          {t('landing:search.place')}
        </Box>
        <chakra.input
          name="place"
          placeholder={t('landing:search.placePlaceholder')}
          autoComplete="postal-code"
          {...field}
        />
      </Box>
      <Button type="submit" size="lg" bg="orange.700" color="white" _hover={{ bg: 'orange.800' }}>
        {t('landing:search.submit')}
      </Button>
    </chakra.form>
  )
}
