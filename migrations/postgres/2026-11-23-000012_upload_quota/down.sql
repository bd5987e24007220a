DROP TABLE upload_events;
