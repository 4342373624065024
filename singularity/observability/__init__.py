"""What the traces say about a turn: its span and attributes, token usage and cost, feedback
and the Phoenix REST calls behind them (docs/tracing.md)."""
