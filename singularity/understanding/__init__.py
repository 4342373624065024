"""Language understanding: what a message asks for and what it says, without a model.

The offline pilot routes and fills planning slots with it; the turn runner uses it with every
provider (the place a message names for the honesty check, the conversation's language).
Decisions are made by meaning — the bundled multilingual embedder compared with labelled
examples and with the knowledge base — with German and English rules as features, and the
planning package's own parsers as validators. Pure functions: no LLM, agent or UI framework.
"""
