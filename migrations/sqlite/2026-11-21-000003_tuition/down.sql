DROP TABLE tuition_interests;
DROP TABLE tuition_requests;
