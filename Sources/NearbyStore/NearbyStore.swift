// NearbyStore: SQLite storage of runs.
