"""Shared UI (pygame): scene stack, GridView, widgets, theme, tweens, watch player, audio."""
