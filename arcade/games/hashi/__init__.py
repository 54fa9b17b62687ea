"""Hashi (Hashiwokakero, "Bridges"): connect numbered islands with bridges."""
