"""Agent tools: thin async wrappers that read the shared state, call the domain tools and
write their results back. No ``from __future__ import annotations`` in these modules: LlamaIndex
recognises the injected ``Context`` parameter by its real annotation, and a string annotation
would leak ``ctx`` into the tool schema the model sees."""
