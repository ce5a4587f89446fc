"""PLACEHOLDER until the estate branch lands."""
