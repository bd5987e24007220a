DROP TABLE availability_exceptions;
DROP TABLE availability_slots;
