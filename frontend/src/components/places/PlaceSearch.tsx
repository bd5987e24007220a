import { chakra, CloseButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react'
import { Search } from 'lucide-react'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useDebounced } from '@/hooks/use-debounced'
import { useTranslation } from '@/lib/i18n'
import { PLACE_QUERY_MAX, PLACE_QUERY_MIN, usePlaceSearch } from './api'
import { PlaceSuggestions } from './PlaceSuggestions'
import { searchStatus } from './search-status'
import { placeLngLat, type PlaceValue } from './types'

export type { PlaceValue } from './types'

export interface PlaceSearchProps {
  /** The field's visible label ('Area or locality'). */
  label: string
  value: PlaceValue | null
  /** A place chosen from the list; null when the text is edited or cleared. */
  onChange: (place: PlaceValue | null) => void
  placeholder?: string
  /** The input's id (a label elsewhere may point at it). */
  id?: string
  /** Shown under the field. */
  helperText?: string
}

/** How long typing must pause before the server is asked. */
export const PLACE_SEARCH_DEBOUNCE_MS = 200

/**
 * Find a locality, town or PIN code by name (GET /api/places): an ARIA 1.2 combobox with a list of
 * suggestions. Type two letters or more; arrow keys move through the list, Enter picks (the first
 * one when none is highlighted), Escape closes the list (and, closed, clears the text); a click or
 * tap picks too. Each suggestion reads as its label ('Lajpat Nagar, South Delhi, Delhi 110024').
 */
export function PlaceSearch({ label, value, onChange, placeholder, id, helperText }: PlaceSearchProps) {
  const { t } = useTranslation('shared')
  const ownId = useId()
  const inputId = id ?? `place-search-${ownId}`
  const listId = `${inputId}-list`
  const helpId = `${inputId}-help`
  const statusId = `${inputId}-status`
  const [text, setText] = useState(value?.label ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const inputRef = useRef<HTMLInputElement>(null)

  // A place set from outside (a saved request, a map click named by the parent) shows as the text;
  // a value cleared from outside clears it unless the person is typing something else.
  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    setShownValue(value)
    if (value) setText(value.label)
    else if (shownValue && text === shownValue.label) setText('')
  }

  const query = text.trim().slice(0, PLACE_QUERY_MAX)
  const debounced = useDebounced(query, PLACE_SEARCH_DEBOUNCE_MS)
  const searching = open && query.length >= PLACE_QUERY_MIN && !(value && value.label === text)
  const places = usePlaceSearch(searching ? debounced : '', value ? placeLngLat(value) : undefined) // its city first
  const settled = debounced === query && !places.isPlaceholderData
  const options = searching && places.data ? places.data : []
  const listOpen = searching && (options.length > 0 || places.isFetching || places.isError || settled)

  const pick = (place: PlaceValue) => {
    setText(place.label)
    setOpen(false)
    setActive(-1)
    onChange(place)
  }

  const clear = () => {
    setText('')
    setOpen(false)
    setActive(-1)
    if (value) onChange(null)
    inputRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        setOpen(true)
        if (options.length) setActive((i) => (i + 1) % options.length)
        break
      case 'ArrowUp':
        event.preventDefault()
        setOpen(true)
        if (options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1))
        break
      case 'Home':
      case 'End':
        if (listOpen && options.length) {
          event.preventDefault()
          setActive(event.key === 'Home' ? 0 : options.length - 1)
        }
        break
      case 'Enter':
        // Never submits the surrounding form while a search is under way.
        if (listOpen || (searching && !settled)) {
          event.preventDefault()
          const place = options[active >= 0 ? active : 0]
          if (place && settled) pick(place)
        }
        break
      case 'Escape':
        if (listOpen) {
          event.preventDefault()
          setOpen(false)
          setActive(-1)
        } else if (text) {
          event.preventDefault()
          clear()
        }
        break
      default:
        break
    }
  }

  const activeId = listOpen && active >= 0 && active < options.length ? `${listId}-${active}` : undefined
  const status = searching ? searchStatus(places, settled, options.length, t) : ''

  return (
    <Stack gap="1.5" position="relative">
      <chakra.label htmlFor={inputId} fontWeight="medium" fontSize="sm">
        {label}
      </chakra.label>
      <InputGroup
        startElement={<Search aria-hidden size={16} />}
        endElement={
          text ? (
            <CloseButton
              size="xs"
              variant="ghost"
              aria-label={t('shared:places.clear', { label: label.toLowerCase() })}
              onClick={clear}
            />
          ) : undefined
        }
      >
        <Input
          ref={inputRef}
          id={inputId}
          role="combobox"
          type="text"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-describedby={[helperText ? helpId : null, statusId].filter(Boolean).join(' ')}
          placeholder={placeholder ?? t('shared:places.placeholder')}
          value={text}
          maxLength={PLACE_QUERY_MAX}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
            setActive(-1)
            if (value) onChange(null)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
        />
      </InputGroup>
      {helperText && (
        <Text id={helpId} fontSize="sm" color="fg.muted">
          {helperText}
        </Text>
      )}
      <Text id={statusId} aria-live="polite" srOnly>
        {status}
      </Text>
      <PlaceSuggestions
        listId={listId}
        label={label}
        open={listOpen}
        options={options}
        active={active}
        status={status}
        failed={places.isError}
        settled={settled}
        onHover={setActive}
        onPick={pick}
      />
    </Stack>
  )
}
