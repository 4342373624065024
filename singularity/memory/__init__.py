"""Memory beyond one model call (docs/architecture.md, "Three kinds of context").

* Chat memory (:mod:`singularity.memory.chat`): the recent messages of one session, bounded by
  a token budget, held in the process. The memory itself writes nothing; a conversation's
  snapshot (``Session.snapshot``) carries its messages to a session file (``singularity ask
  --session``) or, with login on, to the thread in the history database (``ui/history.py``).
* Profile memory (:mod:`singularity.memory.profile`): a small JSON file per user of stable
  observing preferences (usual location, equipment, preferred object types, default
  duration), in the user's own folder (:mod:`singularity.users.space`). It is loaded at session start and only ever fills gaps, each as a visible assumption; what the
  user says in the current session always wins. No chat transcript is ever stored there.

Workflow state (the task data of a plan) lives in the workflow, not here.
"""
