"""The database: connection and transactions, models, schema and migrations, the SQL built
once per database, per-process caches of stored rows, and backup, transfer and verify."""
