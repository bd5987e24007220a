DROP TABLE reviews;
DROP TABLE tutor_profiles;
