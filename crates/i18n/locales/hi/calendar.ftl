# डेमो क्लास के रिमाइंडर और बुकिंग के कैलेंडर (.ics) इवेंट।
notice-booking-reminder-day-title = याद रहे: { $name } के साथ डेमो क्लास कल है
notice-booking-reminder-hour-title = याद रहे: { $name } के साथ डेमो क्लास एक घंटे में है
notice-booking-reminder-body = { $when } IST, { $place }
calendar-summary = डेमो क्लास: { $subject }, { $name } के साथ
calendar-summary-no-subject = डेमो क्लास, { $name } के साथ
calendar-name = HomeTutor डेमो क्लास
