# Demo-class reminders and the calendar (.ics) events of bookings.
notice-booking-reminder-day-title = Reminder: demo class with { $name } tomorrow
notice-booking-reminder-hour-title = Reminder: demo class with { $name } in an hour
notice-booking-reminder-body = { $when } IST, { $place }
calendar-summary = Demo class: { $subject } with { $name }
calendar-summary-no-subject = Demo class with { $name }
calendar-name = HomeTutor demo classes
