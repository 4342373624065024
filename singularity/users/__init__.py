"""Users: who may log in (``accounts``), how a password is kept (``passwords``), each user's own
folder (``space``) and settings (``preferences``), and the file discipline they share (``files``).

Nothing here imports the UI: the chat app and the command line both build on it.
"""
