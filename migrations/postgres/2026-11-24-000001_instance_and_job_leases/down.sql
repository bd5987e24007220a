DROP TABLE job_leases;
DROP TABLE site_instance;
