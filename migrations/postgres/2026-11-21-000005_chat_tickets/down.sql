DROP TABLE chat_tickets;
