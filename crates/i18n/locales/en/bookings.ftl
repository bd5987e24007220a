## Demo classes: the `message` of booking errors, their fields' sentences and what the other side
## is told. The English is crates/scheduling's Display, word for word. Times read in IST.

error-booking-parents-only = Only parents book demo classes.
error-booking-tutor-unavailable = This tutor cannot be booked.
error-booking-not-free = That time is no longer free. Please choose another.
error-booking-not-found = Booking not found.
error-booking-not-awaiting-you = This booking is not waiting for your answer.
error-booking-closed = This booking can no longer be changed.
error-booking-no-show-too-soon = A no-show can be reported once the class has started.

validation-booking-time-format = Write times as in 2027-01-11T11:30:00Z (RFC 3339).
validation-booking-length = A demo class lasts { $min } to { $max } minutes.
validation-booking-step = Demo classes start and end on the quarter hour (:00, :15, :30 or :45).
validation-booking-past = Choose a time in the future.
validation-booking-hours = Demo classes lie between 06:00 and 22:00 IST.
validation-booking-ahead = Book at most { $weeks } weeks ahead.
validation-booking-one-time = Choose exactly one time.
validation-booking-proposals = Propose 1 to { $max } times.
validation-booking-overlap = Two of the times overlap.
validation-booking-request = Choose one of your own requests.
validation-booking-pick = Choose one of the proposed times.
field-reason = Reason

kind-booking = Demo classes: bookings, answers and changes
notice-booking-requested-title = { $name } booked a demo class
notice-booking-proposed-title = { $name } proposed times for a demo class
notice-booking-accepted-title = { $name } accepted your demo class
notice-booking-declined-title = { $name } declined your demo class
notice-booking-rescheduled-title = { $name } moved your demo class
notice-booking-cancelled-title = { $name } cancelled your demo class
notice-booking-when = { $when } IST
notice-booking-proposed-body = Choose one of the times, or decline.
notice-booking-declined-body = Reason: { $reason }
notice-booking-rescheduled-body = New time: { $when } IST. { $note }
notice-booking-cancelled-body = { $when } IST. { $note }

## After a demo: each side says whether it took place and whether they continue.
error-booking-outcome-too-soon = You can say how the demo went once it has started.
error-booking-outcome-locked = Your answer can no longer be changed: 48 hours have passed since you gave it.
validation-outcome-continue = Say whether you continue only when the demo took place.
notice-booking-chosen-title = The family chose you as their tutor for { $classLevel } { $subject }
notice-booking-chosen-body = { $name } would like to continue after the demo. Agree the lessons with them in the chat.
