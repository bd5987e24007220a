DROP TABLE blocks;
DROP TABLE messages;
DROP TABLE conversations;
