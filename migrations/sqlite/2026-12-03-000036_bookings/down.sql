DROP TABLE booking_proposals;
DROP TABLE bookings;
