"""Game-agnostic agents. They use only the kernel contract."""
