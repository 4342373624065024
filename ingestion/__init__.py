"""Knowledge-base ingestion: source adapters → normalised JSONL → chunks → Qdrant, with the
bundled corpus's vectors shipped in ``data/`` (see :mod:`ingestion.shipped`)."""
