DROP TABLE lessons;
DROP TABLE lesson_plans;
