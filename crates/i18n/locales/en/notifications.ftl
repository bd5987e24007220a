## In-app notifications (title and body) and the names of their kinds. Subjects and
## classes arrive as the labels the person chose.

kind-tutor_interested = A tutor is interested in your request
kind-new_request = New requests in your area
kind-unread_message = Unread messages
kind-subscription_receipt = Subscription receipts
kind-subscription_reminder = Subscription reminders
kind-subscription_expired = Subscription ended
kind-request_flagged = Your request was flagged by an admin
kind-request_closed = A request you were interested in was closed
kind-tuition_invite = A parent invited you to their request

notice-interested-title = { $tutorName } is interested in your { $subject } request
notice-interested-body = Open { $tutorName }'s profile to see their fees and reviews, or send them a message.

notice-flagged-title = Your { $subject } request was flagged
notice-flagged-body-reason = An admin hid it from tutors. Reason: { $reason }
notice-flagged-body = An admin hid it from tutors. Edit it or contact support to have it shown again.

notice-invite-title = A parent invited you to their { $subject } request
notice-invite-body = Subject: { $subject } · Class: { $classLevel }. Open it on the map to see it and say you are interested.

notice-unread-title = New message from { $senderName }

notice-receipt-title = Payment received: your subscription is active
notice-receipt-body = Order { $orderId }: { $amount } paid. Your subscription is valid until { $validUntil }.

notice-reminder-week-title = Your subscription ends in 7 days
notice-reminder-week-body = Your HomeTutor subscription ends on { $date }. Renew now to keep seeing requests near you.
notice-reminder-tomorrow-title = Your subscription ends tomorrow
notice-reminder-tomorrow-body = Your HomeTutor subscription ends on { $date }. Renew today to keep seeing requests near you.
notice-expired-title = Your subscription has ended
notice-expired-body = Your HomeTutor subscription ended on { $date }. Renew to see nearby requests and contact parents again.

notice-new-request-title = New { $subject } request { $distanceKm } km from you
notice-new-request-body = Subject: { $subject } · Class: { $classLevel } · Preferred time: { $preferredTime } · { $distanceKm } km from the centre of your teaching area.
notice-new-request-body-unsubscribed = Subject: { $subject } · Class: { $classLevel } · Preferred time: { $preferredTime } · { $distanceKm } km from the centre of your teaching area. Subscribe to see it on the map and contact the parent.

notice-closed-title = The { $subject } request you were interested in is closed
notice-closed-body-chosen = The parent chose you as their tutor.
notice-closed-body-found = The parent has found a tutor.
notice-closed-body-not-needed = The parent no longer needs a tutor.
notice-chosen-other-title = The family has chosen another tutor for { $classLevel } { $subject }.
notice-chosen-other-body = Thank you for your interest — new requests near you are waiting.

## Dates as notifications and e-mails write them (5 January 2027).

date-long = { $day } { $month } { $year }
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December
