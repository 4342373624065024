"""Evaluation runners: ``eval.rag`` measures retrieval on the curated test set in ``eval/data``
(see docs/evaluation.md); end-to-end scenarios arrive later."""
