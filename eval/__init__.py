"""Evaluation runners (RAG retrieval metrics, end-to-end scenarios).

Arrive with the knowledge path and the conversation; nothing here yet.
"""
