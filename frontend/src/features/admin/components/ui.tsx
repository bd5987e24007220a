import {
  Box,
  Checkbox,
  Flex,
  Heading,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react'
import { checkboxSlotRecipe } from '@chakra-ui-theme/recipes/checkbox'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { switchSlotRecipe } from '@chakra-ui-theme/recipes/switch'
import { tableSlotRecipe } from '@chakra-ui-theme/recipes/table'
import { forwardRef, useId, type ComponentProps, type ReactNode } from 'react'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { formatDate } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { useAdminText } from '../lib/messages'

/** When an admin record happened: the date and the time, in the reader's language. */
export function recordTime(value: string | null | undefined): string {
  return formatDate(value, 'dateTime')
}

/** One admin section: an h2 and its content in a white panel. */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-label={title}
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      <Flex align="center" justify="space-between" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="xl">
          {title}
        </Heading>
        {actions}
      </Flex>
      <Stack gap="4">{children}</Stack>
    </Box>
  )
}

/** Loading and error states of a query, or its content. */
export function QueryState({
  isPending,
  error,
  fallback,
  children,
}: {
  isPending: boolean
  error: unknown
  fallback: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const say = useAdminText()
  if (isPending)
    return (
      <Flex justify="center" py="6">
        <Spinner aria-label={t('admin:loading')} color="blue.600" />
      </Flex>
    )
  if (error) return <FormAlert status="error" message={say(errorMessage(error, fallback))} />
  return <>{children}</>
}

/**
 * A table that scrolls sideways on a phone instead of squeezing its columns. The scrolling box is a
 * named region a keyboard can reach (Tab, then the arrow keys scroll it), which axe requires of any
 * region that scrolls.
 */
export function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      maxW="100%"
      role="region"
      aria-label={caption}
      tabIndex={0}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
    >
      <Table.Root
        recipe={tableSlotRecipe}
        size="sm"
        variant="line"
        striped
        // Cells keep to one line (the table scrolls instead); a cell marked data-wrap wraps its long text.
        css={{ '& td, & th': { whiteSpace: 'nowrap' }, '& td[data-wrap]': { whiteSpace: 'normal' } }}
      >
        <Table.Caption srOnly>{caption}</Table.Caption>
        {children}
      </Table.Root>
    </Table.ScrollArea>
  )
}

/**
 * A file input inside a `FormField`: Chakra's input takes the field's id, so the visible label
 * names it. The browser's own button is styled like the other buttons.
 */
export const FileInput = forwardRef<HTMLInputElement, Omit<ComponentProps<typeof Input>, 'type'>>(
  function FileInput(props, ref) {
    return (
      <Input
        {...props}
        ref={ref}
        type="file"
        h="auto"
        py="1.5"
        css={{
          '&::file-selector-button': {
            marginInlineEnd: '3',
            paddingInline: '3',
            paddingBlock: '1',
            borderRadius: 'sm',
            border: '1px solid',
            borderColor: 'border',
            background: 'bg.muted',
            color: 'fg',
            cursor: 'pointer',
          },
        }}
      />
    )
  },
)

export function Toggle({
  label,
  checked,
  disabled,
  onChange,
  showLabel = false,
  description,
}: {
  label: string
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
  /** Visible text next to the switch; otherwise the label is for screen readers only. */
  showLabel?: boolean
  /** What the setting does, under the switch and read with it. */
  description?: ReactNode
}) {
  const descriptionId = useId()
  const control = (
    <Switch.Root
      recipe={switchSlotRecipe}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked)}
      colorPalette="blue"
    >
      <Switch.HiddenInput aria-describedby={description ? descriptionId : undefined} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label srOnly={!showLabel} fontWeight="normal">
        {label}
      </Switch.Label>
    </Switch.Root>
  )
  if (!description) return control
  return (
    <Stack gap="1">
      {control}
      {/* Indented under the label, past the switch. */}
      <Text id={descriptionId} fontSize="xs" color="fg.muted" ps="11">
        {description}
      </Text>
    </Stack>
  )
}

export function RowCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean | 'indeterminate'
  onChange: (checked: boolean) => void
}) {
  return (
    <Checkbox.Root recipe={checkboxSlotRecipe} checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  )
}

export function Select({
  value,
  onChange,
  children,
  name,
  id,
  ariaLabel,
  disabled,
}: {
  value: string
  onChange: (value: string) => void
  children: ReactNode
  name?: string
  id?: string
  ariaLabel?: string
  disabled?: boolean
}) {
  return (
    <NativeSelect.Root recipe={nativeSelectSlotRecipe} disabled={disabled}>
      <NativeSelect.Field
        name={name}
        id={id}
        aria-label={ariaLabel}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
