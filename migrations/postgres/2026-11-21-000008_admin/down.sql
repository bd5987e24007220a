DROP TABLE search_events;
DROP TABLE audit_log;
DROP TABLE assets;
DROP TABLE support_tickets;
DROP TABLE testimonials;
DROP TABLE site_documents;
