"""Services (pure, no pygame): user dirs, atomic files, settings, saves, bundled resources."""
