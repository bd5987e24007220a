DROP TABLE unreferenced_objects;
