"""What every game shares: errors, cells, the file edge, the strict schema
reader, seeded streams and dictionaries."""
