-- Reminders of a confirmed demo class, 24 hours and 1 hour before it: each is claimed by setting
-- its column with a conditional UPDATE (… WHERE reminded_day_at IS NULL), so however many server
-- processes run the job, one sends it. A new time (accepted or moved) sets them afresh: both empty, or
-- the 24-hour one marked done (not sent) when the class is less than 24 hours away.
ALTER TABLE bookings ADD COLUMN reminded_day_at TIMESTAMP;
ALTER TABLE bookings ADD COLUMN reminded_hour_at TIMESTAMP;
-- The calendar event's SEQUENCE (RFC 5545): it rises with each change, so a calendar that holds
-- the event takes the newer one.
ALTER TABLE bookings ADD COLUMN calendar_sequence INTEGER NOT NULL DEFAULT 0;
-- Files an e-mail carries (a booking's .ics): a JSON array of {filename, contentType, content}.
ALTER TABLE outbox_emails ADD COLUMN attachments TEXT;
