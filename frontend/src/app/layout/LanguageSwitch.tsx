import { Button, HStack } from '@chakra-ui/react'
import { useTranslation, setLanguage, useLanguage } from '@/lib/i18n'
import { LANGUAGES } from '@/lib/i18n-languages'

/**
 * English / हिन्दी: each language named in itself and marked with its `lang`, so a reader finds their
 * own whatever is shown and a screen reader says each name in its language. The names are drawn in
 * the system's fonts (the Devanagari web font is declared for Hindi pages only), so an English page
 * does not download a font for one word.
 */
export function LanguageSwitch({
  size = 'xs',
  collapsible = false,
}: {
  size?: 'xs' | 'sm'
  /** From md to lg, where the header's nav needs the room, only the languages not shown are offered. */
  collapsible?: boolean
}) {
  const { t } = useTranslation()
  const current = useLanguage()
  return (
    <HStack role="group" aria-label={t('common:language.label')} gap="0.5" flexShrink={0}>
      {LANGUAGES.map((language) => {
        const selected = language.code === current
        return (
          <Button
            key={language.code}
            lang={language.code}
            size={size}
            px="2"
            variant={selected ? 'subtle' : 'ghost'}
            color={selected ? 'blue.800' : 'fg'}
            aria-pressed={selected}
            display={collapsible && selected ? { base: 'inline-flex', md: 'none', lg: 'inline-flex' } : undefined}
            onClick={() => {
              // Answers the server labels are fetched again in the new language (lib/query-client), and
              // once more for a signed-in reader once the account stores it (useUpdateProfile).
              if (!selected) void setLanguage(language.code)
            }}
          >
            {language.name}
          </Button>
        )
      })}
    </HStack>
  )
}
