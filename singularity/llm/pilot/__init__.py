"""The offline pilot: a deterministic function-calling LLM that plays every agent role without a
model (docs/architecture.md, "Offline pilot"). ``model`` adapts it to LlamaIndex; ``policies`` decides each
role's next message; ``compose`` and ``questions`` word its answers in the user's language."""
