"""PLACEHOLDER until the round-end branch lands."""
