ALTER TABLE outbox_emails DROP COLUMN attachments;
ALTER TABLE bookings DROP COLUMN calendar_sequence;
ALTER TABLE bookings DROP COLUMN reminded_hour_at;
ALTER TABLE bookings DROP COLUMN reminded_day_at;
