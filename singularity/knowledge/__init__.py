"""The knowledge path: embeddings, the local index and retrieval with citations."""
