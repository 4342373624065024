"""Rule-based language understanding for the offline pilot (DESIGN.md, "Offline pilot").

With no model configured, the pilot still has to tell a planning request from a knowledge
question, pull place, time and equipment out of a sentence, and answer in the user's language.
These modules do that with German and English lexicons and the planning package's own parsers
as validators. They are pure functions: no LLM, agent or UI framework is imported here.
"""
