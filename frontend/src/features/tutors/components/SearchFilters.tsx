import { Box, Button, Checkbox, Heading, Link, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { checkboxSlotRecipe } from '@chakra-ui-theme/recipes/checkbox'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { useId, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { FormField } from '@/components/ui/form-field'
import { TermSelect } from '@/features/vocabulary'
import { formatMoney } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { FEE_CHOICES, RADIUS_CHOICES, RATING_CHOICES, type SearchState } from '../lib/search-params'

function Select({
  value,
  onChange,
  children,
}: {
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

/** One end of the fee range: offers only the fees the other end leaves possible. */
function FeeSelect({
  label,
  value,
  onChange,
  allows,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  allows: (fee: number) => boolean
}) {
  const { t } = useTranslation(['tutors', 'shared'])
  return (
    <FormField label={label}>
      <Select value={value} onChange={onChange}>
        <option value="">{t('tutors:filters.anyFee')}</option>
        {FEE_CHOICES.filter(allows).map((fee) => (
          <option key={fee} value={String(fee)}>
            {t('shared:tutorCard.feePerHour', { fee: formatMoney(fee) })}
          </option>
        ))}
      </Select>
    </FormField>
  )
}

export function Filters({
  state,
  onChange,
}: {
  state: SearchState
  onChange: (changes: Partial<SearchState>) => void
}) {
  const { t } = useTranslation(['tutors', 'shared'])
  const verifiedId = useId()
  return (
    <Box as="fieldset" borderWidth="1px" borderColor="border" borderRadius="lg" p="4" bg="bg">
      <Text as="legend" fontWeight="semibold" px="1">
        {t('tutors:filters.legend')}
      </Text>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" alignItems="end">
        <TermSelect
          label={t('tutors:filters.class')}
          facet="classes"
          value={state.classLevel}
          onChange={(classLevel) => onChange({ classLevel })}
          placeholder={t('tutors:filters.anyClass')}
        />
        <TermSelect
          label={t('tutors:filters.board')}
          facet="boards"
          value={state.board}
          onChange={(board) => onChange({ board })}
          placeholder={t('tutors:filters.anyBoard')}
        />
        <TermSelect
          label={t('tutors:filters.mode')}
          facet="modes"
          value={state.mode}
          onChange={(mode) => onChange({ mode })}
          placeholder={t('tutors:filters.anyMode')}
        />
        <FeeSelect
          label={t('tutors:filters.feeFrom')}
          value={state.minFee}
          onChange={(minFee) => onChange({ minFee })}
          allows={(fee) => !state.maxFee || fee <= Number(state.maxFee)}
        />
        <FeeSelect
          label={t('tutors:filters.feeUpTo')}
          value={state.maxFee}
          onChange={(maxFee) => onChange({ maxFee })}
          allows={(fee) => !state.minFee || fee >= Number(state.minFee)}
        />
        <FormField label={t('tutors:filters.minRating')}>
          <Select value={state.minRating} onChange={(minRating) => onChange({ minRating })}>
            <option value="">{t('tutors:filters.anyRating')}</option>
            {RATING_CHOICES.map((r) => (
              <option key={r} value={String(r)}>
                {t('tutors:filters.ratingUp', { rating: r })}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('tutors:filters.distance')}>
          <Select value={String(state.radiusKm)} onChange={(r) => onChange({ radiusKm: Number(r) })}>
            {RADIUS_CHOICES.map((r) => (
              <option key={r} value={String(r)}>
                {t('tutors:filters.within', { km: r })}
              </option>
            ))}
          </Select>
        </FormField>
      </SimpleGrid>
      <Checkbox.Root
        recipe={checkboxSlotRecipe}
        mt="3"
        checked={state.verified}
        onCheckedChange={(e) => onChange({ verified: e.checked === true })}
        ids={{ hiddenInput: verifiedId }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('tutors:filters.verifiedOnly')}</Checkbox.Label>
      </Checkbox.Root>
    </Box>
  )
}

/** How many filters narrow the search (the distance is not one: every search has it). */
export function filterCount(state: SearchState): number {
  return [
    state.classLevel,
    state.board,
    state.mode,
    state.minFee,
    state.maxFee,
    state.minRating,
    state.verified,
  ].filter(Boolean).length
}

function hasFilters(state: SearchState): boolean {
  return filterCount(state) > 0
}

/** No tutor matched: what to try next. */
export function EmptyState({
  state,
  onChange,
}: {
  state: SearchState
  onChange: (changes: Partial<SearchState>) => void
}) {
  const { t } = useTranslation(['tutors', 'shared'])
  const wider = RADIUS_CHOICES.find((r) => r > state.radiusKm)
  return (
    <Box textAlign="center" py="8" px="4" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="lg">
      <Heading as="h2" size="lg" mb="2">
        {t('tutors:empty.title')}
      </Heading>
      <Text color="fg.muted" mb="4">
        {t('tutors:empty.text')}
      </Text>
      <Stack gap="2" align="center">
        {wider && (
          <Button variant="outline" size="sm" onClick={() => onChange({ radiusKm: wider })}>
            {t('tutors:empty.wider', { km: wider })}
          </Button>
        )}
        {hasFilters(state) && (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              onChange({
                classLevel: '',
                board: '',
                mode: '',
                minFee: '',
                maxFee: '',
                minRating: '',
                verified: false,
              })
            }
          >
            {t('tutors:empty.clear')}
          </Button>
        )}
        <Text fontSize="sm" color="fg.muted">
          {t('tutors:empty.tryBefore')}{' '}
          <Link asChild color="blue.700" textDecoration="underline">
            <RouterLink to="/request/new">{t('tutors:empty.postRequest')}</RouterLink>
          </Link>{' '}
          {t('tutors:empty.tryAfter')}
        </Text>
      </Stack>
    </Box>
  )
}
