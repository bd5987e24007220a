import { Input, NativeSelect, Stack } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { FormField } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { useVocabulary } from '../api/get-vocabulary'
import { OTHER, type Facet } from '../api/types'

export interface TermSelectProps {
  /** The select's visible label ('Subject'). */
  label: string
  facet: Facet
  /** The chosen id, 'other', or '' for none. */
  value: string
  onChange: (id: string) => void
  /** Offers 'Other…', which reveals a text input for what it is. */
  allowOther?: boolean
  otherText?: string
  onOtherTextChange?: (text: string) => void
  /** The text input's label ('Which subject?'). */
  otherLabel?: string
  otherPlaceholder?: string
  otherMaxLength?: number
  /** The empty choice's text ('Choose a subject', 'Any class'); none when omitted and `required`. */
  placeholder?: string
  required?: boolean
  error?: string
  otherError?: string
  helperText?: string
  disabled?: boolean
  name?: string
  /** How wide the select may grow. */
  maxW?: string
  /** How many a choice would find (by id), shown beside its label when there are any. */
  counts?: Partial<Record<string, number>>
}

/**
 * A labelled native select of one vocabulary list (subjects, classes, boards or modes), with an
 * optional 'Other…' that reveals a text input. Native, so it is the phone's own picker and reads
 * right to every screen reader.
 */
export function TermSelect({
  label,
  facet,
  value,
  onChange,
  allowOther,
  otherText = '',
  onOtherTextChange,
  otherLabel,
  otherPlaceholder,
  otherMaxLength = 100,
  placeholder,
  required,
  error,
  otherError,
  helperText,
  disabled,
  name,
  maxW,
  counts,
}: TermSelectProps) {
  const { t } = useTranslation('shared')
  const vocabulary = useVocabulary()
  const terms = vocabulary.data?.[facet] ?? []
  const loading = vocabulary.isPending
  const known = value === '' || value === OTHER || terms.some((term) => term.id === value)
  const showEmpty = placeholder !== undefined || !required || value === ''

  return (
    <Stack gap="3">
      <FormField
        label={label}
        required={required}
        error={error}
        helperText={vocabulary.isError ? t('shared:vocabulary.failed') : helperText}
      >
        <NativeSelect.Root recipe={nativeSelectSlotRecipe} maxW={maxW} disabled={disabled || loading}>
          <NativeSelect.Field name={name} value={loading ? '' : value} onChange={(e) => onChange(e.target.value)}>
            {loading ? (
              <option value="">{t('shared:vocabulary.loading')}</option>
            ) : (
              <>
                {showEmpty && <option value="">{placeholder ?? t('shared:vocabulary.select.any')}</option>}
                {terms.map((term) => (
                  <option key={term.id} value={term.id}>
                    {counts?.[term.id] ? `${term.label} (${counts[term.id]})` : term.label}
                  </option>
                ))}
                {!known && <option value={value}>{value}</option>}
                {allowOther && <option value={OTHER}>{t('shared:vocabulary.select.other')}</option>}
              </>
            )}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {allowOther && value === OTHER && (
        <FormField
          label={otherLabel ?? t('shared:vocabulary.select.which', { list: label.toLowerCase() })}
          required={required}
          error={otherError}
        >
          <Input
            value={otherText}
            maxLength={otherMaxLength}
            placeholder={otherPlaceholder}
            onChange={(e) => onOtherTextChange?.(e.target.value)}
          />
        </FormField>
      )}
    </Stack>
  )
}
