"""Knowledge-base ingestion: source adapters → normalised JSONL → chunks → Qdrant.

Arrives with the knowledge path; nothing here yet.
"""
