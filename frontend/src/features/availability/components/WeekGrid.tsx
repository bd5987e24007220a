import { Box, Button, Flex, Grid, Text } from '@chakra-ui/react'
import type { Dispatch, KeyboardEvent } from 'react'
import { useTranslation } from '@/lib/i18n'
import { DAY_LONG, DAY_SHORT } from '../lib/day-names'
import {
  CELL_STARTS,
  clock,
  isOn,
  STEP,
  WEEKDAYS,
  type WeekAction,
  type WeekState,
  type Weekday,
} from '../lib/week-state'

const cellId = (day: Weekday, minute: number) => `slot-${day}-${minute}`

/** Arrow keys move between cells (up and down in a day, left and right across days). */
function moveFocus(event: KeyboardEvent, day: Weekday, minute: number) {
  const d = WEEKDAYS.indexOf(day)
  const moves: Record<string, [number, number]> = {
    ArrowUp: [d, minute - STEP],
    ArrowDown: [d, minute + STEP],
    ArrowLeft: [d - 1, minute],
    ArrowRight: [d + 1, minute],
  }
  const move = moves[event.key]
  const target = move && WEEKDAYS[move[0]]
  if (!move || !target) return
  const next = document.getElementById(cellId(target, move[1]))
  // A day a phone does not show is not rendered visibly; the focus stays.
  if (next && next.offsetParent !== null) {
    event.preventDefault()
    next.focus()
  }
}

interface Props {
  state: WeekState
  dispatch: Dispatch<WeekAction>
}

/**
 * The week as half-hour toggle cells, 06:00–22:00 IST: seven columns from the md breakpoint, one day
 * at a time (chosen above) on a phone.
 */
export function WeekGrid({ state, dispatch }: Props) {
  const { t } = useTranslation('availability')
  return (
    <Box>
      <Flex
        gap="1"
        wrap="wrap"
        mb="3"
        display={{ base: 'flex', md: 'none' }}
        role="group"
        aria-label={t('availability:week.daysLabel')}
      >
        {WEEKDAYS.map((day) => (
          <Button
            key={day}
            size="sm"
            variant={state.day === day ? 'solid' : 'outline'}
            colorPalette="blue"
            aria-pressed={state.day === day}
            aria-label={t(DAY_LONG[day])}
            onClick={() => dispatch({ type: 'showDay', day })}
          >
            {t(DAY_SHORT[day])}
          </Button>
        ))}
      </Flex>
      <Grid
        templateColumns={{ base: '1fr', md: 'repeat(7, minmax(0, 1fr))' }}
        gap="2"
        aria-label={t('availability:week.gridLabel')}
        role="group"
      >
        {WEEKDAYS.map((day) => (
          <Flex
            key={day}
            direction="column"
            gap="1"
            display={{ base: state.day === day ? 'flex' : 'none', md: 'flex' }}
            data-testid={`day-${day}`}
          >
            <Text fontWeight="semibold" textAlign="center">
              {t(DAY_LONG[day])}
            </Text>
            {CELL_STARTS.map((minute) => {
              const on = isOn(state, day, minute)
              return (
                <Button
                  key={minute}
                  id={cellId(day, minute)}
                  size="xs"
                  h="6"
                  variant={on ? 'solid' : 'outline'}
                  colorPalette={on ? 'blue' : 'gray'}
                  aria-pressed={on}
                  aria-label={t('availability:week.cell', {
                    day: t(DAY_LONG[day]),
                    start: clock(minute),
                    end: clock(minute + STEP),
                  })}
                  onClick={() => dispatch({ type: 'toggle', day, minute })}
                  onKeyDown={(event) => moveFocus(event, day, minute)}
                >
                  {clock(minute)}
                </Button>
              )
            })}
            <Button size="xs" variant="ghost" onClick={() => dispatch({ type: 'clearDay', day })}>
              {t('availability:week.clearDay', { day: t(DAY_SHORT[day]) })}
            </Button>
          </Flex>
        ))}
      </Grid>
    </Box>
  )
}
