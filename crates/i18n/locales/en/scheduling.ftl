## Tutors' availability: the `message` of its errors and its fields' sentences. The English is
## crates/scheduling's Display, word for word.

error-availability-tutors-only = Only tutors keep availability.
error-time-off-not-found = Time off not found.

weekday-mon = Monday
weekday-tue = Tuesday
weekday-wed = Wednesday
weekday-thu = Thursday
weekday-fri = Friday
weekday-sat = Saturday
weekday-sun = Sunday

validation-slots-max = At most { $max } slots a week, please.
validation-slot-weekday = Choose a day of the week.
validation-slot-clock = Write times as HH:MM, for example 17:00.
validation-slot-order = { $day } { $slot }: a slot must end after it starts.
validation-slot-hours = { $day } { $slot }: slots must lie between 06:00 and 22:00 IST.
validation-slot-step = { $day } { $slot }: slots start and end on the hour or half past.
validation-slot-overlap = Two slots on { $day } overlap: { $first } and { $second }.
validation-date = Write dates as YYYY-MM-DD, for example 2027-01-26.
validation-time-off-past = Time off cannot start in the past.
validation-time-off-order = Time off must end on or after the day it starts.
validation-time-off-length = Time off can last at most { $max } days.
validation-time-off-max = At most { $max } periods of time off, please. Remove one first.
validation-weeks = Ask for 1 to { $max } weeks.
field-note = Note
