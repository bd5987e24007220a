DROP TABLE reports;
