DROP INDEX users_listable_tutors;
