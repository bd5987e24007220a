DROP TABLE booking_assignments;
DROP TABLE booking_outcomes;
