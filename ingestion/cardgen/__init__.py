"""Building blocks of the generated object cards (``python -m ingestion.cards``).

Pure functions only: catalogue records in, Markdown text out. Nothing here touches the network.
"""
