## Lessons after a demo: the `message` of lesson errors and their fields' sentences. The English
## is crates/scheduling's Display (lessons/error.rs), word for word. Times and dates are IST.

error-lesson-plan-not-found = Lesson plan not found.
error-lesson-not-found = Lesson not found.
error-lesson-tutor-only = Only the tutor plans lessons, cancels them and writes the diary.
error-lesson-parent-only = Only the parent confirms or disputes a lesson.
error-lesson-unavailable = Lessons with this family cannot be planned.
error-lesson-overlap = The lesson on { $date } overlaps another of your classes.
error-lesson-not-held = A lesson can be confirmed or disputed once it has ended.
error-lesson-closed = This lesson can no longer be changed.
error-lesson-started = A lesson can be cancelled only before it starts.

validation-lesson-source = Name either the request you teach or the demo class, not both.
validation-lesson-request = Choose a request you are the assigned tutor of, or a demo after which the family chose to continue.
validation-lesson-weekdays = Choose the days of the week (mon … sun).
validation-lesson-start = Write the start as HH:MM on the quarter hour (17:00, 17:15 …).
validation-lesson-length = A lesson lasts { $min } to { $max } minutes, in quarter hours.
validation-lesson-hours = Lessons lie between 06:00 and 22:00 IST.
validation-lesson-date = Write dates as 2027-01-11 (YYYY-MM-DD).
validation-lesson-past = Choose a start date from today on.
validation-lesson-end-before-start = The end date is before the start date.
validation-lesson-year = A lesson plan lasts at most a year.
validation-lesson-fee = Write a fee per lesson from ₹1 to ₹{ $max }.
validation-lesson-none = No lesson falls on those days between the two dates.
validation-lesson-month = Write the month as 2027-01 (YYYY-MM).
field-topic = Topic
field-homework = Homework
