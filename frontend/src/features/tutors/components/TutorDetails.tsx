import { Box, Text } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'
import type { TutorProfile } from '../api/get-tutor'
import { TUTOR_FIELDS } from './fields'

/** The eight read-only fields, each with its fallback when empty. */
export function TutorDetails({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTranslation('tutors')
  return (
    <Box as="dl" display="grid" gap="5">
      {TUTOR_FIELDS.map(({ key, label, fallback }) => {
        const value = tutor[key]?.trim()
        return (
          <Box key={key}>
            <Text as="dt" fontWeight="semibold" color="fg" mb="1">
              {t(label)}
            </Text>
            <Text as="dd" color={value ? 'fg' : 'fg.muted'} whiteSpace="pre-wrap" overflowWrap="anywhere">
              {value || (fallback ? t(fallback) : '-')}
            </Text>
          </Box>
        )
      })}
    </Box>
  )
}
