"""The Chainlit user interface: turns the runner's events into messages, steps and elements."""
