DROP TABLE verification_documents;
DROP TABLE verification_submissions;
